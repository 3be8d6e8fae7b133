import type { CsvDelimiter } from '../sheets/index.js';

/** What the grammar of a cell depends on besides the cell: the decimal separator of the file. */
export interface CellContext {
  decimalSeparator: '.' | ',';
}

export const DOT_CONTEXT: CellContext = { decimalSeparator: '.' };
/** Reads a comma or a dot before decimals (the grammar has no thousands separator); writes a comma. */
export const COMMA_CONTEXT: CellContext = { decimalSeparator: ',' };

/** `;`-delimited CSV files come from spreadsheets set to a locale whose decimal separator is a comma: they are read, and written, with one. */
export function readCellContext(file: { format: 'csv'; delimiter: CsvDelimiter } | { format: 'xlsx' }): CellContext {
  return file.format === 'csv' && file.delimiter === ';' ? COMMA_CONTEXT : DOT_CONTEXT;
}
