import type { CellValue } from '../../sheets/index.js';
import type { CellContext } from '../cells/cell-context.js';
import { readCell } from '../cells/read-cell.js';
import type { Column } from '../column.js';
import { describeReadOnlyEdit } from '../describe-read-only-edit.js';
import type { RowSnapshot } from '../base-column.js';

/**
 * The read-only cells of a row (`address`, `created`, a custom field exported as JSON…) that differ
 * from what the export wrote, each as an error: the import sends none of them, so an edit there would
 * otherwise pass for no change at all. `cells` are read back from `_base` already (digits or
 * characters a spreadsheet rewrote); an empty cell, and one that reads as the same value (`WAHR` for
 * `true`) or does not read, are no edit it can tell.
 */
export function findReadOnlyEdits(
  cells: Readonly<Record<string, CellValue>>,
  snapshot: RowSnapshot,
  columns: readonly Column[],
  context: CellContext,
): string[] {
  return columns.flatMap((column) => {
    const known = snapshot.cells[column.header];
    const cell = cells[column.header];
    if (known === undefined || cell === undefined || cell === known) return [];
    const edited = readCell(column, cell, context);
    const exported = readCell(column, known, context);
    if (edited === undefined || !('value' in edited) || (exported !== undefined && 'value' in exported && JSON.stringify(exported.value) === JSON.stringify(edited.value))) return [];
    return [describeReadOnlyEdit(column, known, String(cell))];
  });
}
