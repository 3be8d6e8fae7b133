import { extname } from 'node:path';
import { SheetError } from './sheet-error.js';

export type SheetFormat = 'csv' | 'xlsx';

const FORMATS: Partial<Record<string, SheetFormat>> = { '.csv': 'csv', '.tsv': 'csv', '.txt': 'csv', '.xlsx': 'xlsx' };

/** Spreadsheets of other programs, which save an .xlsx or a CSV as well. */
const OTHER_SPREADSHEETS: Partial<Record<string, string>> = {
  '.xlsm': 'it is a macro-enabled workbook (.xlsm), and macros are not run nor kept',
  '.xls': 'the Excel 97-2003 format (.xls) is not supported',
  '.xlsb': 'the Excel binary workbook format (.xlsb) is not supported',
  '.ods': 'the OpenDocument spreadsheet format (.ods) of LibreOffice is not supported',
  '.fods': 'the flat OpenDocument spreadsheet format (.fods) of LibreOffice is not supported',
  '.numbers': 'the Numbers format (.numbers) is not supported',
};

/** The format a path stands for, by its extension; undefined for any other file. */
export function findSheetFormat(path: string): SheetFormat | undefined {
  return FORMATS[extname(path).toLowerCase()];
}

/** Whether a path names a spreadsheet by its extension, one this tool reads or one of another program. */
export function isSpreadsheetPath(path: string): boolean {
  const extension = extname(path).toLowerCase();
  return FORMATS[extension] !== undefined || OTHER_SPREADSHEETS[extension] !== undefined;
}

/** The format a path stands for, by its extension; `action` ("read", "write") words the error. */
export function detectSheetFormat(path: string, action: 'read' | 'write'): SheetFormat {
  const format = findSheetFormat(path);
  if (format !== undefined) return format;
  const extension = extname(path).toLowerCase();
  const doing = `${action} ${path}`;
  const other = OTHER_SPREADSHEETS[extension];
  if (other !== undefined) {
    const advice = action === 'read' ? 'Save it as an Excel workbook (.xlsx) or as CSV' : 'Name an .xlsx or a .csv file';
    throw new SheetError(doing, other, `${advice}: Excel, LibreOffice and Numbers open and save both.`);
  }
  const reason = extension === '' ? 'the file name has no extension' : `'${extension}' files are not supported`;
  throw new SheetError(doing, reason, 'Use a .csv, .tsv, .txt or .xlsx file.');
}
