import type { CellContext } from './cell-context.js';
import type { Column } from '../column.js';
import { formatCell } from './format-cell.js';

/** The example row of a template: each column's example value as its canonical cell. */
export function formatExampleRow(columns: readonly Column[], context: CellContext): Record<string, string> {
  return Object.fromEntries(columns.map((column) => [column.header, formatCell(column, column.example, context)]));
}
