import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CellValue, SheetColumn, SheetFormat, SheetWriter } from '../../sheets/index.js';
import { openSheetWriter } from '../../sheets/index.js';
import { createRowCounts, isProblem, type RowCounts, type RowStatus } from './row-status.js';

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

export const REPORT_COLUMNS = ['_row', '_status', '_target', '_http_status', '_changes', '_errors'] as const;

export interface ImportReport {
  readonly dir: string;
  /** The input's columns, in their order. */
  readonly columns: readonly string[];
  /** Takes rows in any order; writes them in input order as soon as the rows before them are in. */
  add(row: ReportedRow): Promise<void>;
  /** Writes what is left and closes the files; when a write fails, neither file is left. */
  close(): Promise<RowCounts>;
  /** Removes both files: a report missing rows would mislead, the journal keeps what was done. */
  discard(): Promise<void>;
}

export interface ImportReportOptions {
  dir: string;
  format: SheetFormat;
  /** The input's columns, in their order. */
  columns: readonly string[];
  /** Text-typed columns (codes, zips, phones) in an XLSX report. */
  textColumns: ReadonlySet<string>;
}

/** `results.<ext>` (every row) and `errors.<ext>` (invalid and failed rows, ready to correct and import again). */
export async function openImportReport(options: ImportReportOptions): Promise<ImportReport> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const columns: SheetColumn[] = [
    ...options.columns.map((key) => ({ key, text: options.textColumns.has(key) })),
    ...REPORT_COLUMNS.map((key) => ({ key, text: key !== '_row' && key !== '_http_status', width: key === '_errors' || key === '_changes' ? 60 : 12 })),
  ];
  const ext = options.format === 'xlsx' ? 'xlsx' : 'csv';
  const results = await openSheetWriter(join(options.dir, `results.${ext}`), { columns, sheet: 'results' });
  const errors = await openSheetWriter(join(options.dir, `errors.${ext}`), { columns, sheet: 'errors' });
  return new OrderedReport(options.dir, options.columns, results, errors);
}

class OrderedReport implements ImportReport {
  private readonly pending = new Map<number, ReportedRow>();
  private nextSeq = 0;
  private readonly counts = createRowCounts();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly dir: string,
    readonly columns: readonly string[],
    private readonly results: SheetWriter,
    private readonly errors: SheetWriter,
  ) {}

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

  async close(): Promise<RowCounts> {
    try {
      await this.writing;
      // Rows left behind a gap (a row that never came back) are still reported, in order.
      await this.writeRows([...this.pending.values()].sort((a, b) => a.seq - b.seq));
      this.pending.clear();
      await this.results.close();
    } catch (error) {
      await this.discard();
      throw error;
    }
    await this.errors.close();
    return { ...this.counts };
  }

  async discard(): Promise<void> {
    await Promise.all([this.results.discard(), this.errors.discard()]);
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
      if (isProblem(row.status)) await this.errors.writeRow(record);
    }
  }
}
