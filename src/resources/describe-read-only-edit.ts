import { quoteCell } from './cells/read-cell.js';
import type { Column } from './column.js';

/** The error of a read-only cell edited (the import sends none): what the column holds, and the value to put back. */
export function describeReadOnlyEdit(column: Column, known: string, cell: string): string {
  return `${column.header}: read-only, so the import does not send it (${column.description}); put back ${quoteCell(known)} or empty the cell, got ${quoteCell(cell)}`;
}
