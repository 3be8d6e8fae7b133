import { join } from 'node:path';
import { openSheetWriter, type CsvDialect, type SheetWriter, type SheetWriterOptions } from '../../../sheets/index.js';

/** What the report files of an import are written in: the input's format and, for a CSV, the input's dialect. */
export type ReportDialect = { format: 'xlsx' } | ({ format: 'csv' } & CsvDialect);

/** `<dir>/<name>.csv` or `.xlsx`, as the input. */
export function reportPath(dir: string, name: string, dialect: ReportDialect): string {
  return join(dir, `${name}.${dialect.format}`);
}

/** A one-sheet report file in the input's dialect: a spreadsheet that opened the input opens it the same way, and an import reads it back. */
export function openReportSheet(path: string, dialect: ReportDialect, options: SheetWriterOptions): Promise<SheetWriter> {
  // A plan may have more lines than the input has rows: past a sheet's rows, it goes on in another.
  if (dialect.format === 'xlsx') return openSheetWriter(path, { ...options, continueWhenFull: true });
  const { format: _format, ...csv } = dialect;
  return openSheetWriter(path, { ...options, dialect: csv });
}
