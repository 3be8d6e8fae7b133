import type { SheetSource } from '../sheets/index.js';

/** What the grammar of a cell depends on besides the cell: the decimal separator of the file. */
export interface CellContext {
  decimalSeparator: '.' | ',';
}

export const DOT_CONTEXT: CellContext = { decimalSeparator: '.' };

/** `;`-delimited CSV files come from spreadsheets set to a locale whose decimal separator is a comma. */
export function readCellContext(source: SheetSource): CellContext {
  return source.format === 'csv' && source.delimiter === ';' ? { decimalSeparator: ',' } : DOT_CONTEXT;
}
