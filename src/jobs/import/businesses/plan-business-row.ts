import type { BusinessUpdate } from '../../../api/schemas/business.js';
import { assembleBusinessUpdate } from '../../../resources/businesses/assemble-business-update.js';
import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import type { Column } from '../../../resources/column.js';
import type { CellValue } from '../../../sheets/index.js';
import type { ImportMode } from '../import-options.js';
import type { BusinessRoundTrip } from './business-round-trip.js';
import { findUnreadableSends, resolveClearRequests } from './check-unreadable-fields.js';
import { completeBusinessUpdate, type CurrentBusiness } from './complete-business-update.js';
import { describePatch, diffBusiness, type ColumnChange } from './diff-business.js';
import { listCodeChangeFirst, refuseCodeChange } from './store-code-change.js';

/**
 * What a business row comes to, planned once against the business read: an outcome that sends
 * nothing, or what it writes. The request, `_changes`, the plan line and the undo line all take it
 * from here.
 */
export type RowPlan =
  | { status: 'unchanged' | 'invalid' | 'conflict' | 'failed'; changes: string[]; errors: string[] }
  | {
      status: 'write';
      payload: BusinessUpdate;
      /** `_changes`: code changes first, then the fields, then the conflicts the file won. */
      changes: string[];
      /** The sheet's columns the write changes: a plan line, an undo line. */
      columns: ColumnChange[];
    };

export interface BusinessRowInput {
  cells: Readonly<Record<string, CellValue>>;
  values: BusinessRowValues;
  /** The row's columns: its organization's custom fields included. */
  columns: readonly Column[];
  current: CurrentBusiness;
}

export interface RowPlanSettings {
  mode: ImportMode;
  allowCodeChanges: boolean;
  roundTrip: BusinessRoundTrip;
}

/**
 * Plans a row: clearing requests checked against what the service sends, the three-way merge with
 * `_base`, the update completed whole and compared with the business, code changes refused unless
 * allowed. A patch sends every filled cell; its plan and undo lines still hold only what differs.
 */
export function planBusinessRow({ cells, values, columns, current }: BusinessRowInput, { mode, allowCodeChanges, roundTrip }: RowPlanSettings): RowPlan {
  const refuse = (status: 'invalid' | 'failed', errors: string[]): RowPlan => ({ status, changes: [], errors });
  const cleared = resolveClearRequests(values, current);
  if ('errors' in cleared) return refuse('invalid', cleared.errors);
  const merged = roundTrip.merge(cells, cleared.values, current, columns);
  if ('status' in merged) return merged;
  const update = assembleBusinessUpdate(merged.values);
  const unreadable = findUnreadableSends(update, current);
  if (unreadable.length > 0) return refuse('failed', unreadable);
  const completed = completeBusinessUpdate(update, current);
  if ('errors' in completed) return refuse('invalid', completed.errors);
  const diff = diffBusiness(completed.payload, current, columns);
  const { payload, changes } = mode === 'patch' ? { payload: completed.payload, changes: describePatch(completed.payload) } : diff;
  if (changes.length === 0) return { status: 'unchanged', changes: [], errors: [] };
  const refused = refuseCodeChange(diff.columns, roundTrip.readExportedCode(cells), allowCodeChanges);
  if (refused !== undefined) return refuse('failed', [refused]);
  return { status: 'write', payload, changes: [...listCodeChangeFirst(changes), ...merged.overwritten], columns: diff.columns };
}
