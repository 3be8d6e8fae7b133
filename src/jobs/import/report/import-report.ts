import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Column } from '../../../resources/column.js';
import type { CellValue, SheetColumn } from '../../../sheets/index.js';
import type { ImportOptions } from '../import-options.js';
import { createReportDir } from './create-report-dir.js';
import { openReportFile, type ReportFile, type ReportFileOptions } from './open-report-file.js';
import { isUserColumn, REPORT_COLUMNS } from './report-columns.js';
import { reportPath, type ReportDialect } from './report-dialect.js';
import { summarizeRun, type RunFacts } from './report-summary.js';
import { createRowCounts, isProblem, type RowCounts, type RowStatus } from '../row-status.js';
import { STATUS_FILLS } from './status-fills.js';
import { ErrorTally } from './tally-errors.js';

/** One input row and what became of it. */
export interface ReportedRow {
  /** Position of the row among the rows read (0-based): results are written in this order. */
  seq: number;
  line: number;
  values: Readonly<Record<string, CellValue>>;
  status: RowStatus;
  /** The id or `c-<code>` the row addressed. */
  target?: string;
  httpStatus?: number;
  /** Field-level changes, `name: 'Old' -> 'New'`. */
  changes: readonly string[];
  /** `column: message` entries. */
  errors: readonly string[];
  /** How cells were read, shown first in `_changes` whatever the outcome. */
  notes?: readonly string[];
}

const LEADING_REPORT_COLUMNS = 4;
/** Besides the identity columns (`business_id`, `id`…), the columns that tell a person which row it is. */
const KEY_HEADERS: ReadonlySet<string> = new Set(['code', 'name']);

export interface ImportReport {
  readonly dir: string;
  /** The input's columns, in their order. */
  readonly columns: readonly string[];
  /** The input's format and dialect, which every file of the report follows. */
  readonly dialect: ReportDialect;
  /** Told each row as it is written, in input order: a dry run's plan follows it. */
  onWritten: (row: ReportedRow) => Promise<void>;
  /** Takes rows in any order; writes them in input order as soon as the rows before them are in. */
  add(row: ReportedRow): Promise<void>;
  /** Writes what is left, the Summary sheets, and closes the files; when a write fails, neither file is left. */
  close(facts: RunFacts): Promise<RowCounts>;
  /** Removes both files: a report missing rows would mislead, the journal keeps what was done. */
  discard(): Promise<void>;
}

export interface ImportReportOptions {
  options: ImportOptions;
  resource: string;
  /** The input's format and dialect, which every report file follows. */
  dialect: ReportDialect;
  /** The input's columns, in their order. */
  columns: readonly string[];
  /** The resource's columns: which are text-typed, and which identify a row. */
  catalog: readonly Column[];
}

/**
 * `results.<ext>` (every row) and `errors.<ext>` (conflict, invalid and failed rows, ready to correct
 * and import again; none when there are no such rows). Columns: the row's key columns, `_row`,
 * `_status`, `_errors`, `_changes`, the other input columns, the user's own `_` columns, `_target`, `_http_status`.
 */
export async function openImportReport(report: ImportReportOptions): Promise<ImportReport> {
  const dir = report.options.reportDir;
  await createReportDir(dir);
  const layout = { sheet: report.resource, ...layoutColumns(report.columns, report.catalog) };
  const results = await openReportFile(reportPath(dir, 'results', report.dialect), report.dialect, layout);
  return new OrderedReport(report, layout, results);
}

function layoutColumns(columns: readonly string[], catalog: readonly Column[]): Pick<ReportFileOptions, 'columns' | 'frozenColumns'> {
  const byHeader = new Map(catalog.map((column) => [column.header, column]));
  const isKey = (header: string): boolean => KEY_HEADERS.has(header) || (byHeader.get(header)?.path === undefined && byHeader.has(header));
  // `_base` is for the tool, not for people; a user's own `_` columns are for people.
  const toSheetColumn = (key: string): SheetColumn => ({ key, text: byHeader.get(key)?.text === true, hidden: key.startsWith('_') && !isUserColumn(key) });
  const keys = columns.filter(isKey);
  const others = columns.filter((column) => !isKey(column));
  const report: SheetColumn[] = REPORT_COLUMNS.map((key) => ({
    key,
    text: key !== '_row' && key !== '_http_status',
    ...(key === '_status' ? { fills: STATUS_FILLS } : {}),
  }));
  return {
    columns: [
      ...keys.map(toSheetColumn),
      ...report.slice(0, LEADING_REPORT_COLUMNS),
      ...others.filter((column) => !isUserColumn(column)).map(toSheetColumn),
      ...others.filter(isUserColumn).map(toSheetColumn),
      ...report.slice(LEADING_REPORT_COLUMNS),
    ],
    // The key columns, `_row` and `_status` stay in view.
    frozenColumns: keys.length + 2,
  };
}

class OrderedReport implements ImportReport {
  readonly dir: string;
  readonly columns: readonly string[];
  readonly dialect: ReportDialect;
  onWritten: (row: ReportedRow) => Promise<void> = () => Promise.resolve();
  private readonly pending = new Map<number, ReportedRow>();
  private nextSeq = 0;
  private readonly counts = createRowCounts();
  private readonly tally = new ErrorTally();
  private writing: Promise<void> = Promise.resolve();
  private readonly errorsPath: string;
  /** Opened at the first row that needs attention. */
  private errors: Promise<ReportFile> | undefined;

  constructor(
    private readonly report: ImportReportOptions,
    private readonly layout: ReportFileOptions,
    private readonly results: ReportFile,
  ) {
    this.dir = report.options.reportDir;
    this.columns = report.columns;
    this.dialect = report.dialect;
    this.errorsPath = reportPath(this.dir, 'errors', report.dialect);
  }

  add(row: ReportedRow): Promise<void> {
    this.pending.set(row.seq, row);
    const ready: ReportedRow[] = [];
    for (let next = this.pending.get(this.nextSeq); next !== undefined; next = this.pending.get(this.nextSeq)) {
      this.pending.delete(this.nextSeq);
      this.nextSeq++;
      ready.push(next);
    }
    this.writing = this.writing.then(() => this.writeRows(ready));
    return this.writing;
  }

  async close(facts: RunFacts): Promise<RowCounts> {
    try {
      await this.writing;
      // Rows left behind a gap (a row that never came back) are still reported, in order.
      await this.writeRows([...this.pending.values()].sort((a, b) => a.seq - b.seq));
      this.pending.clear();
      const errors = await this.errors;
      const summary = summarizeRun({
        resource: this.report.resource,
        options: this.report.options,
        rows: this.counts,
        errors: this.tally,
        errorsFile: errors === undefined ? undefined : basename(this.errorsPath),
        facts,
      });
      await this.results.close(summary);
      // An errors file an earlier run left would tell of rows that are fine now.
      await (errors === undefined ? rm(this.errorsPath, { force: true }) : errors.close(summary));
    } catch (error) {
      await this.discard();
      throw error;
    }
    return { ...this.counts };
  }

  async discard(): Promise<void> {
    await Promise.all([this.results.discard(), this.errors?.then((errors) => errors.discard(), () => undefined)]);
  }

  private async writeRows(rows: readonly ReportedRow[]): Promise<void> {
    for (const row of rows) {
      this.counts.total++;
      this.counts[row.status]++;
      const record = {
        ...row.values,
        _row: row.line,
        _status: row.status,
        _target: row.target,
        _http_status: row.httpStatus,
        _changes: row.changes.join(' | '),
        _errors: row.errors.join(' | '),
      };
      await this.results.writeRow(record);
      await this.onWritten(row);
      if (!isProblem(row.status)) continue;
      this.tally.add(row.errors);
      this.errors ??= openReportFile(this.errorsPath, this.report.dialect, this.layout);
      await (await this.errors).writeRow(record);
    }
  }
}
