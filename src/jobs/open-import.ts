import type { Logger } from 'pino';
import type { ApiClient } from '../api/api-client.js';
import { readCellContext } from '../resources/cell-context.js';
import type { ImportCatalog } from '../resources/resource-catalog.js';
import { openSheetReader } from '../sheets/index.js';
import type { ImportOptions } from './import-options.js';
import { openImportReport, type ReportedRow } from './import-report.js';
import { ImportRun } from './import-run.js';

/** What the report knows of a row before its outcome. */
export type RowBase = Omit<ReportedRow, 'status' | 'changes' | 'errors' | 'httpStatus'>;

/** A row that passed validation: what it addresses and what it sets. */
export interface ValidRow<Target, Update> {
  base: RowBase;
  target: Target;
  update: Update;
}

export interface OpenedImport<Target, Update> {
  run: ImportRun;
  /** The valid rows, as they stream; invalid rows, and every row once the import stops, are reported on the way. */
  rows: AsyncGenerator<ValidRow<Target, Update>>;
}

/** Opens the sheet with the catalog's headers and the report in the sheet's format: what every import starts with. */
export async function openImport<Target, Update>(
  client: ApiClient,
  options: ImportOptions,
  logger: Logger,
  catalog: ImportCatalog<Target, Update>,
): Promise<OpenedImport<Target, Update>> {
  const reader = await openSheetReader(options.file, {
    knownColumns: catalog.columns.map((column) => column.header),
    resource: catalog.resource,
    ...(options.sheet === undefined ? {} : { sheet: options.sheet }),
  });
  for (const warning of reader.warnings) logger.warn(warning);
  const textColumns = new Set(catalog.columns.filter((column) => column.text).map((column) => column.header));
  const report = await openImportReport({ dir: options.reportDir, format: reader.source.format, columns: reader.columns, textColumns });
  const run = new ImportRun(client, options, report, logger);
  const readRow = catalog.createRowReader(reader.columns, readCellContext(reader.source));

  async function* readValidRows(): AsyncGenerator<ValidRow<Target, Update>> {
    let seq = 0;
    for await (const item of reader) {
      const base = { seq: seq++, line: item.line, values: item.kind === 'row' ? item.values : {} };
      if (run.stopReason !== undefined) {
        await run.skip(base);
        continue;
      }
      const outcome = item.kind === 'row' ? readRow(item) : { target: undefined, update: undefined, errors: item.errors };
      if (outcome.errors.length > 0 || outcome.target === undefined || outcome.update === undefined) {
        await run.record({ ...base, status: 'invalid', changes: [], errors: outcome.errors });
        continue;
      }
      yield { base, target: outcome.target, update: outcome.update };
    }
  }
  return { run, rows: readValidRows() };
}
