export { CSV_DIALECT_NAMES, DEFAULT_CSV_DIALECT, excelDialect, nameCsvDialect, type CsvDialect, type CsvDialectName, type LineEnding } from './csv/csv-dialect.js';
export type { CsvDelimiter } from './csv/detect-delimiter.js';
export type { TextEncoding } from './text/detect-encoding.js';
export { isCodePage, nameCodePage, type CodePage } from './text/code-page.js';
export { trimAround } from './text/shows-nothing.js';
export { toAsciiDigits } from './text/ascii-digits.js';
export { detectSheetFormat, isSpreadsheetPath, type SheetFormat } from './detect-sheet-format.js';
export { escapeFormula, unescapeFormula } from './escape-formula.js';
export { mapSheetItems } from './map-sheet-items.js';
export { MAX_CELL_CHARS } from './max-cell-chars.js';
export { openSheetHead, openSheetReader } from './open-sheet-reader.js';
export { openSheetWriter } from './open-sheet-writer.js';
export { SheetError } from './sheet-error.js';
export type {
  CellValue,
  SheetColumnOptions,
  SheetHead,
  SheetIssue,
  SheetItem,
  SheetOpenOptions,
  SheetReader,
  SheetReaderOptions,
  SheetRow,
  SheetSource,
} from './sheet-reader.js';
export type { SheetColumn, SheetRecord, SheetValue, SheetWriter, SheetWriterOptions, XlsxSheetOptions } from './sheet-writer.js';
export { openXlsxWriter, type AddSheetOptions, type WorkbookWriter } from './xlsx/write-xlsx.js';
export { NOTES_SHEET } from './xlsx/notes-sheet.js';
