import { toRenameColumns } from '../import/rename-columns.js';
import { buildImportCatalog } from '../../resources/build-import-catalog.js';
import { detectSheetFormat, SheetError } from '../../sheets/index.js';
import { openImportSheet } from '../import/sheet/open-import-sheet.js';
import { readRowOutcomes } from '../import/sheet/read-row-outcomes.js';
import { checkSheetColumns } from '../import/sheet/check-sheet-columns.js';
import { summarizeWarnings } from '../import/sheet/summarize-warnings.js';
import { EmptySheetError } from '../import/sheet/empty-sheet-error.js';
import type { Job } from './job-schema.js';
import { describeStep } from './run-job.js';

/** Problems shown per sheet: enough to see the pattern without flooding a terminal. */
const SHOWN_PROBLEMS = 10;

export interface StepCheck {
  step: string;
  kind: 'import' | 'export';
  /** The sheet an import step reads, or the file an export step writes. */
  source: string;
  rows: number;
  invalid: number;
  /** `line N: column: message`, the first few. */
  problems: string[];
  warnings: string[];
  /** The sheet could not be read at all, or the export's file could not be written. */
  error?: string;
  /** `on_error: continue`: invalid rows are expected (the run reports them and goes on), as they do not change `run`'s exit code. */
  tolerated: boolean;
}

/**
 * Checks every step offline: each sheet a job imports opens, its header is sound and each row
 * passes its columns' rules (custom field values are typed by the API, so they are checked when
 * the job runs); each export's file is one it can write (its filters are read as the file loads).
 */
export async function validateJob(job: Job): Promise<StepCheck[]> {
  const checks: StepCheck[] = [];
  for (const [index, step] of job.steps.entries()) {
    if (!('import' in step)) {
      const check: StepCheck = { step: describeStep(step, index), kind: 'export', source: step.export.out, rows: 0, invalid: 0, problems: [], warnings: [], tolerated: step.on_error === 'continue' };
      try {
        // The file's format, as the run refuses one it cannot write before any request (its filters were read with the file).
        detectSheetFormat(step.export.out, 'write');
      } catch (error) {
        if (!(error instanceof SheetError)) throw error;
        check.error = error.message;
      }
      checks.push(check);
      continue;
    }
    const { resource, source, sheet, ignore_columns: ignore, date_format: dateFormat, decimal_separator: decimalSeparator } = step.import;
    const check: StepCheck = { step: describeStep(step, index), kind: 'import', source, rows: 0, invalid: 0, problems: [], warnings: [], tolerated: step.on_error === 'continue' };
    checks.push(check);
    const catalog = buildImportCatalog(resource, [], { patch: step.import.mode === 'patch' });
    try {
      const reader = await openImportSheet(source, catalog, { sheet, renameColumns: toRenameColumns(step.import.rename_columns) });
      check.warnings.push(...summarizeWarnings(reader.warnings));
      const headerWarnings = reader.warnings.length;
      try {
        // Custom field definitions are the API's: their columns are checked when the job runs.
        checkSheetColumns({ file: source, source: reader.source, unknown: reader.unknownColumns, matched: reader.columns, columns: catalog.columns, ignore: ignore ?? [], deferCustomFields: resource === 'businesses' });
      } catch (error) {
        await reader.close();
        throw error;
      }
      for await (const { line, errors } of readRowOutcomes(reader, catalog, { dateFormat, decimalSeparator })) {
        check.rows++;
        if (errors.length === 0) continue;
        check.invalid++;
        if (check.problems.length < SHOWN_PROBLEMS) check.problems.push(...errors.map((error) => `line ${line}: ${error}`));
      }
      // A footer is known only once the rows end.
      check.warnings.push(...reader.warnings.slice(headerWarnings));
      // The run refuses a sheet without rows: most often the wrong sheet, or a file cut short.
      if (check.rows === 0) check.error = new EmptySheetError(source, sheet, reader.source.format).message;
    } catch (error) {
      if (!(error instanceof SheetError)) throw error;
      check.error = error.message;
    }
  }
  return checks;
}
