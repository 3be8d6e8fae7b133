import { assertReadableFile } from './assert-readable-file.js';
import { assertSafeWorkbook } from './assert-safe-workbook.js';
import { detectSheetFormat } from './detect-sheet-format.js';
import { openCsvReader } from './read-csv.js';
import { openXlsxReader } from './read-xlsx.js';
import type { SheetReader, SheetReaderOptions } from './sheet-reader.js';

/**
 * Opens a CSV (.csv, .tsv, .txt) or XLSX file and reads its header, so that job-level problems
 * (missing file or sheet, binary data, a damaged or oversized workbook, duplicate columns) throw a
 * SheetError before any row is used.
 */
export async function openSheetReader(path: string, options: SheetReaderOptions = {}): Promise<SheetReader> {
  const format = detectSheetFormat(path, 'read');
  await assertReadableFile(path);
  if (format === 'csv') return openCsvReader(path, options);
  await assertSafeWorkbook(path, options.maxUnpackedBytes);
  return openXlsxReader(path, options);
}
