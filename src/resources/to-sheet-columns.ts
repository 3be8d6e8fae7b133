import type { SheetColumn } from '../sheets/index.js';
import type { Column } from './column.js';

/** How the sheet writers lay out these columns: one per header, text, number or date cells where the catalog says. */
export function toSheetColumns(columns: readonly Column[]): SheetColumn[] {
  return columns.map((column) => ({
    key: column.header,
    text: column.text,
    ...(column.typed === undefined ? {} : { type: column.typed }),
    ...(column.hidden === true ? { hidden: true } : {}),
  }));
}
