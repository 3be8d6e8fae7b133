import { DOT_CONTEXT, type CellContext } from './cell-context.js';
import type { Column } from '../column.js';
import { CLEAR_MARK } from './read-cell.js';

/**
 * The canonical cell of an API value, as exports write it: an empty value is an empty cell, which
 * an import reads as no change. `#clear` is what a person types to empty a field: written by an
 * export, people took it for data, and a patch-mode import sent it back.
 */
export function formatCell(column: Column, value: unknown, context: CellContext): string {
  return value === undefined || value === null ? '' : column.format(value, context);
}

/**
 * A value as the cell that sets it again on import (undo files, plans, conflicts): `#clear` for an
 * empty value where the field can be emptied, so that undoing a field the import filled empties it.
 * The context is the file's: a dot before decimals unless the file takes commas.
 */
export function formatImportCell(column: Column, value: unknown, context: CellContext = DOT_CONTEXT): string {
  const text = formatCell(column, value, context);
  return text === '' && column.cleared !== undefined ? CLEAR_MARK : text;
}
