import { extname } from 'node:path';
import { detectSheetFormat } from './detect-sheet-format.js';
import type { SheetWriter, SheetWriterOptions } from './sheet-writer.js';
import { openCsvWriter } from './write-csv.js';
import { openXlsxWriter } from './write-xlsx.js';

/** Opens a one-sheet CSV (.csv, .tsv, .txt) or XLSX file for writing and writes its header row. */
export async function openSheetWriter(path: string, options: SheetWriterOptions): Promise<SheetWriter> {
  if (detectSheetFormat(path, 'write') === 'csv') {
    const delimiter = options.delimiter ?? (extname(path).toLowerCase() === '.tsv' ? '\t' : ',');
    return openCsvWriter(path, { ...options, delimiter });
  }
  const workbook = await openXlsxWriter(path);
  const sheet = workbook.addSheet(options.sheet ?? 'Sheet1', options.columns);
  return {
    writeRow: (record) => sheet.writeRow(record),
    close: () => workbook.close(),
    discard: () => workbook.discard(),
  };
}
