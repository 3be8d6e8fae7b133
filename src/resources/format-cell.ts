import { DOT_CONTEXT, type CellContext } from './cell-context.js';
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

/**
 * A value as the cell that sets it again on import: `#clear` for an absent or empty value where the
 * field can be emptied (formatCell leaves a value the API did not give empty: unchanged on import).
 * The context is the file's: a dot before decimals unless the file takes commas.
 */
export function formatImportCell(column: Column, value: unknown, context: CellContext = DOT_CONTEXT): string {
  if (value === undefined || value === null) return column.cleared === undefined ? '' : CLEAR_MARK;
  return formatCell(column, value, context);
}
