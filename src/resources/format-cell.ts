import type { CellContext } from './cell-context.js';
import type { Column } from './column.js';
import { CLEAR_MARK } from './read-cell.js';

/**
 * The canonical cell of an API value: an empty value is written `#clear` where the field can be
 * cleared, so that importing the cell back sets the same value; elsewhere, and for a field the
 * API did not give, the cell stays empty.
 */
export function formatCell(column: Column, value: unknown, context: CellContext): string {
  if (value === undefined) return '';
  const text = column.format(value, context);
  return text === '' && column.cleared !== undefined ? CLEAR_MARK : text;
}
