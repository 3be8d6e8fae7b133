import { detectSheetFormat } from './detect-sheet-format.js';
import { openCsvReader } from './read-csv.js';
import { openXlsxReader } from './read-xlsx.js';
import type { SheetReader, SheetReaderOptions } from './sheet-reader.js';

/**
 * Opens a CSV (.csv, .tsv, .txt) or XLSX file and reads its header, so that job-level problems
 * (missing file or sheet, duplicate columns) throw a SheetError before any row is used.
 */
export async function openSheetReader(path: string, options: SheetReaderOptions = {}): Promise<SheetReader> {
  return detectSheetFormat(path, 'read') === 'csv' ? openCsvReader(path, options) : openXlsxReader(path, options);
}
