import { excelDialect } from './csv/csv-dialect.js';
import { detectSheetFormat } from './detect-sheet-format.js';
import type { SheetWriter, SheetWriterOptions } from './sheet-writer.js';
import { openCsvWriter } from './csv/write-csv.js';
import { openXlsxWriter } from './xlsx/write-xlsx.js';

/** Opens a one-sheet CSV (.csv, .tsv, .txt) or XLSX file for writing and writes its header row. */
export async function openSheetWriter(path: string, options: SheetWriterOptions): Promise<SheetWriter> {
  const { columns, sheet = 'Sheet1', dialect = excelDialect(path), escapeFormulas = true, ...layout } = options;
  if (detectSheetFormat(path, 'write') === 'csv') return openCsvWriter(path, { columns, dialect, escapeFormulas });
  const workbook = await openXlsxWriter(path);
  const writer = workbook.addSheet(sheet, columns, layout);
  return {
    writeRow: (record) => writer.writeRow(record),
    close: () => workbook.close(),
    discard: () => workbook.discard(),
  };
}
