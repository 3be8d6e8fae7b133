import { buildImportCatalog } from '../../resources/build-import-catalog.js';
import { readCellContext } from '../../resources/cell-context.js';
import { openSheetReader, SheetError } from '../../sheets/index.js';
import type { Job } from './job-schema.js';
import { describeStep } from './run-job.js';

/** Problems shown per sheet: enough to see the pattern without flooding a terminal. */
const SHOWN_PROBLEMS = 10;

export interface SheetCheck {
  step: string;
  source: string;
  rows: number;
  invalid: number;
  /** `line N: column: message`, the first few. */
  problems: string[];
  warnings: string[];
  /** The sheet could not be read at all. */
  error?: string;
}

/**
 * Checks every sheet a job imports, offline: the file opens, the header is sound, and each row
 * passes its columns' rules. Custom field values are typed by the API, so they are checked when
 * the job runs.
 */
export async function validateJob(job: Job): Promise<SheetCheck[]> {
  const checks: SheetCheck[] = [];
  for (const [index, step] of job.steps.entries()) {
    if (!('import' in step)) continue;
    const { resource, source, sheet } = step.import;
    const check: SheetCheck = { step: describeStep(step, index), source, rows: 0, invalid: 0, problems: [], warnings: [] };
    checks.push(check);
    const catalog = buildImportCatalog(resource, []);
    try {
      const reader = await openSheetReader(source, {
        knownColumns: catalog.columns.map((column) => column.header),
        resource,
        ...(sheet === undefined ? {} : { sheet }),
      });
      check.warnings.push(...reader.warnings);
      const readRow = catalog.createRowReader(reader.columns, readCellContext(reader.source));
      for await (const item of reader) {
        check.rows++;
        const errors = item.kind === 'row' ? readRow(item).errors : item.errors;
        if (errors.length === 0) continue;
        check.invalid++;
        if (check.problems.length < SHOWN_PROBLEMS) check.problems.push(...errors.map((error) => `line ${item.line}: ${error}`));
      }
    } catch (error) {
      if (!(error instanceof SheetError)) throw error;
      check.error = error.message;
    }
  }
  return checks;
}
