import type { RowSnapshot } from '../../../resources/businesses/base-column.js';
import { COMMA_CONTEXT } from '../../../resources/cell-context.js';
import type { Column } from '../../../resources/column.js';
import { readCell } from '../../../resources/read-cell.js';
import { isSameValue } from '../describe-change.js';
import { readAtPath } from '../../../resources/field-path.js';
import type { CurrentBusiness } from './complete-business-update.js';

/** A field the file and the API both changed since the export, to different values. */
export interface FieldConflict {
  column: Column;
  base: unknown;
  file: unknown;
  current: unknown;
}

export interface ThreeWayMerge {
  /** The file's own changes (file differs from base) that the API left alone or made too. */
  changes: Map<Column, unknown>;
  conflicts: FieldConflict[];
}

/**
 * Compares each filled cell of a row with the row as exported (base) and the business now
 * (current): a cell equal to its base is no change of the file's, so a change the API made since
 * stays; a cell that differs is the file's change, a conflict when the API changed it otherwise.
 * A column the export did not hold, or whose base no longer reads, keeps the two-way diff.
 */
export function mergeThreeWay(columns: readonly Column[], values: ReadonlyMap<Column, unknown>, snapshot: RowSnapshot, current: CurrentBusiness): ThreeWayMerge {
  const changes = new Map<Column, unknown>();
  const conflicts: FieldConflict[] = [];
  for (const column of columns) {
    const file = values.get(column);
    if (column.path === undefined || file === undefined) continue;
    const base = readBaseValue(column, snapshot);
    if (base === undefined) {
      changes.set(column, file);
      continue;
    }
    if (isSameValue(base.value, file)) continue;
    const now = readAtPath(current, column.path);
    if (isSameValue(now, base.value) || isSameValue(now, file)) changes.set(column, file);
    else conflicts.push({ column, base: base.value, file, current: now });
  }
  return { changes, conflicts };
}

/** The exported value of a column; undefined when there is none to compare with. */
function readBaseValue(column: Column, snapshot: RowSnapshot): { value: unknown } | undefined {
  const cell = snapshot.cells[column.header];
  if (cell === undefined) return undefined;
  // A base holds the cells as its file was written: a dot before decimals, or a comma in a `;` file
  // (an excel-semicolon export, an undo file of a `;` import); the comma context reads both.
  const reading = readCell(column, cell, COMMA_CONTEXT);
  if (reading === undefined) return { value: undefined };
  return 'errors' in reading ? undefined : reading;
}
