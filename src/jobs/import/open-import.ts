import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import type { ImportCatalog } from '../../resources/resource-catalog.js';
import type { SheetHead } from '../../sheets/index.js';
import { estimateSheetRows } from '../../sheets/estimate-sheet-rows.js';
import { DEFAULT_CONFLICT_POLICY, type OpenImportOptions } from './import-options.js';
import { openImportReport, type ReportedRow } from './report/import-report.js';
import { checkSheetColumns } from './sheet/check-sheet-columns.js';
import { ImportRun } from './import-run.js';
import { keepShardRows } from './keep-shard-rows.js';
import { openImportSheet, readImportSheet } from './sheet/open-import-sheet.js';
import { readRowOutcomes } from './sheet/read-row-outcomes.js';
import { summarizeWarnings } from './sheet/summarize-warnings.js';
import { openImportJournal } from './journal/import-journal.js';

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

export interface OpenImportExtras {
  /** The sheet already opened to its header, when the catalog was built from it; else the import opens it. */
  head?: SheetHead;
  /** Sees the rows an earlier run journaled, for checks that span rows (a business given twice). */
  onRestored?: (row: ReportedRow) => void;
}

/**
 * Opens the sheet with the catalog's headers, the report in the sheet's format and the journal:
 * what every import starts with. Rows an earlier run journaled keep their outcome and are not
 * yielded.
 */
export async function openImport<Target, Update>(
  client: ApiClient,
  options: OpenImportOptions,
  logger: Logger,
  catalog: ImportCatalog<Target, Update>,
  { head, onRestored = () => undefined }: OpenImportExtras = {},
): Promise<OpenedImport<Target, Update>> {
  const reader = head === undefined ? await openImportSheet(options.source, catalog, options) : readImportSheet(head, catalog);
  let ignoredColumns: string[];
  try {
    ignoredColumns = checkSheetColumns({
      file: options.file,
      source: reader.source,
      unknown: reader.unknownColumns,
      matched: reader.columns,
      columns: catalog.columns,
      ignore: options.ignoreColumns ?? [],
    });
  } catch (error) {
    await reader.close();
    throw error;
  }
  // Only for a time left, of the sheet the reader chose: a file that cannot be counted is not refused for it.
  const { onRowsExpected } = options;
  let expected: number | undefined;
  if (onRowsExpected !== undefined) {
    const estimate = estimateSheetRows(options.source, reader.source.format === 'xlsx' ? { sheet: reader.source.sheet } : {});
    expected = await estimate.then((rows) => Math.max(0, rows - reader.rowsAbove), () => undefined);
    if (expected !== undefined) onRowsExpected(expected);
  }
  for (const warning of summarizeWarnings(reader.warnings)) logger.warn(warning);
  const headerWarnings = reader.warnings.length;
  const settings = {
    resource: catalog.resource,
    mode: options.mode,
    dry_run: options.dryRun,
    sheet: reader.source.format === 'xlsx' ? reader.source.sheet : null,
    org: options.orgId ?? null,
    shard: options.shardRows?.shard ?? null,
    date_format: options.dateFormat ?? null,
    decimal_separator: options.decimalSeparator ?? null,
    allow_code_changes: options.allowCodeChanges === true,
    rename_columns: options.renameColumns === undefined ? null : [...options.renameColumns].map(([from, to]) => `${from}=${to}`).join(','),
    on_conflict: options.onConflict ?? DEFAULT_CONFLICT_POLICY,
  };
  // The journal first: a refused resume leaves the earlier report as it was.
  const journal = await openImportJournal({ dir: options.reportDir, source: options.file, sha256: reader.sha256, settings, restart: options.restart === true, logger }).catch(async (error: unknown) => {
    await reader.close();
    throw error;
  });
  const report = await openImportReport({ options, resource: catalog.resource, dialect: reader.source, columns: reader.columns, catalog: catalog.columns });
  const run = new ImportRun(client, options, report, journal, logger);
  run.ignoredColumns = ignoredColumns;
  run.sheetWarnings = reader.warnings;

  const { shardRows } = options;
  const sheet = shardRows === undefined ? reader : keepShardRows(reader, shardRows, () => run.otherShards++);

  async function* readValidRows(): AsyncGenerator<ValidRow<Target, Update>> {
    let seq = 0;
    try {
      for await (const outcome of readRowOutcomes(sheet, catalog, options)) {
        if (options.planning === true && options.signal?.aborted === true) break;
        const target = outcome.target === undefined ? undefined : catalog.describeTarget?.(outcome.target);
        const base = { seq: seq++, line: outcome.line, values: outcome.values, ...(target === undefined ? {} : { target }) };
        const journaled = journal.take(outcome.line);
        if (journaled !== undefined) {
          const row = { ...base, ...journaled };
          await run.restore(row);
          onRestored(row);
          continue;
        }
        if (run.stopReason !== undefined) {
          await run.skip(base);
          continue;
        }
        if (outcome.errors.length > 0 || outcome.target === undefined || outcome.update === undefined) {
          await run.record({ ...base, status: 'invalid', changes: [], errors: outcome.errors, ...(outcome.notes === undefined ? {} : { notes: outcome.notes }) });
          continue;
        }
        yield { base: outcome.notes === undefined ? base : { ...base, notes: outcome.notes }, target: outcome.target, update: outcome.update };
      }
      // A footer is known only once the rows end: the count then leaves it out, and the empty lines and other shards' rows it took too.
      if (expected !== undefined && expected !== seq) onRowsExpected?.(seq);
      for (const warning of reader.warnings.slice(headerWarnings)) logger.warn(warning);
    } catch (error) {
      await run.abandon();
      throw error;
    }
  }
  return { run, rows: readValidRows() };
}
