import type { Column } from '../../../resources/column.js';
import { isSameValue } from '../describe-change.js';
import { readAtPath } from '../../../resources/field-path.js';
import type { CurrentBusiness } from './complete-business-update.js';

/** One column a write changes: the value it replaces and the one it sets. */
export interface ColumnChange {
  column: Column;
  before: unknown;
  after: unknown;
}

/**
 * The columns whose value the payload changes. A payload carries whole fields (the week of
 * `open_hours`, the first contact): only the columns that differ from the current business count.
 */
export function listColumnChanges(columns: readonly Column[], payload: Readonly<Record<string, unknown>>, current: CurrentBusiness): ColumnChange[] {
  return columns.flatMap((column) => {
    if (column.path === undefined) return [];
    const after = readAtPath(payload, column.path);
    const before = readAtPath(current, column.path);
    return after === undefined || isSameValue(before, after) ? [] : [{ column, before, after }];
  });
}
