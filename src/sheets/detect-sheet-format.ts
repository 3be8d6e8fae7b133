import { extname } from 'node:path';
import { SheetError } from './sheet-error.js';

export type SheetFormat = 'csv' | 'xlsx';

const FORMATS: Partial<Record<string, SheetFormat>> = { '.csv': 'csv', '.tsv': 'csv', '.txt': 'csv', '.xlsx': 'xlsx' };

/** The format a path stands for, by its extension; undefined for any other file. */
export function findSheetFormat(path: string): SheetFormat | undefined {
  return FORMATS[extname(path).toLowerCase()];
}

/** The format a path stands for, by its extension; `action` ("read", "write") words the error. */
export function detectSheetFormat(path: string, action: string): SheetFormat {
  const format = findSheetFormat(path);
  if (format !== undefined) return format;
  const extension = extname(path).toLowerCase();
  const doing = `${action} ${path}`;
  if (extension === '.xlsm') {
    throw new SheetError(doing, 'it is a macro-enabled workbook (.xlsm), and macros are not run nor kept', 'Save it as an Excel workbook (.xlsx).');
  }
  if (extension === '.xls') {
    throw new SheetError(doing, 'the Excel 97-2003 format (.xls) is not supported', 'Save it as an Excel workbook (.xlsx) or as CSV.');
  }
  const reason = extension === '' ? 'the file name has no extension' : `'${extension}' files are not supported`;
  throw new SheetError(doing, reason, 'Use a .csv, .tsv, .txt or .xlsx file.');
}
