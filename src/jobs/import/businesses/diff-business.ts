import type { BusinessUpdate } from '../../../api/schemas/business.js';
import type { Column, FieldPath } from '../../../resources/column.js';
import { readAtPath } from '../../../resources/field-path.js';
import { describeChange, describeSetting, isSameValue } from '../describe-change.js';
import type { CurrentBusiness } from './complete-business-update.js';

/** One column a write changes: the value it replaces and the one it sets. */
export interface ColumnChange {
  column: Column;
  before: unknown;
  after: unknown;
}

/** What a row changes in its business, compared once: the request, `_changes`, the plan and the undo file all take it from here. */
export interface BusinessDiff {
  /** Only what changes; empty when the row changes nothing. */
  payload: BusinessUpdate;
  /** `field: 'Old' -> 'New'`, one per value that differs: per day of the week, per field of a contact. */
  changes: string[];
  /** The sheet's columns whose value changes, in their order: a line of the plan, a cell of the undo file. */
  columns: ColumnChange[];
}

/** A value that differs, where it sits. */
interface Difference {
  path: FieldPath;
  before: unknown;
  after: unknown;
}

/**
 * Compares a complete update with the business, field by field; `columns` are the sheet's columns
 * that set a field. A nested field that differs goes whole, as completeBusinessUpdate built it.
 */
export function diffBusiness(update: BusinessUpdate, current: CurrentBusiness, columns: readonly Column[]): BusinessDiff {
  const payload: Record<string, unknown> = {};
  const differences: Difference[] = [];
  for (const [field, value] of Object.entries(update)) {
    if (isSameValue(current[field], value)) continue;
    payload[field] = value;
    differences.push(...listDifferences([field], current[field], value));
  }
  return {
    payload,
    changes: differences.map(({ path, before, after }) => describeChange(path.join('.'), before, after)),
    columns: listColumnChanges(columns, differences, payload, current),
  };
}

/** The changes a patch sends, without a current state to compare with. */
export function describePatch(update: BusinessUpdate): string[] {
  return Object.entries(update).map(([field, value]) => describeSetting(field, value));
}

/**
 * The leaves that differ under two values already known to differ, so that nested fields say what
 * changed where both sides would look alike cut short (`open_hours.monday`, `contacts.0.email`).
 */
function listDifferences(path: FieldPath, before: unknown, after: unknown): Difference[] {
  if (!isNested(before) || !isNested(after) || Array.isArray(before) !== Array.isArray(after)) return [{ path, before, after }];
  const [was, now] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys.flatMap((key) => (isSameValue(was[key], now[key]) ? [] : listDifferences([...path, key], was[key], now[key])));
}

/**
 * The columns of the fields that differ, with a difference at or under their path. A column the
 * walk did not reach on its own (it stops where one side is not nested, as a business without
 * hours) is told by its own values.
 */
function listColumnChanges(columns: readonly Column[], differences: readonly Difference[], payload: Readonly<Record<string, unknown>>, current: CurrentBusiness): ColumnChange[] {
  return columns.flatMap((column) => {
    const { path } = column;
    const after = path === undefined ? undefined : readAtPath(payload, path);
    if (path === undefined || after === undefined) return [];
    const before = readAtPath(current, path);
    const changed = differences.some((difference) => startsWith(difference.path, path)) || !isSameValue(before, after);
    return changed ? [{ column, before, after }] : [];
  });
}

function startsWith(path: FieldPath, prefix: FieldPath): boolean {
  return prefix.length <= path.length && prefix.every((key, index) => String(path[index]) === String(key));
}

/** Objects, and lists of objects, are walked into; a list of plain values (a day's windows) is one value. */
function isNested(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  return !Array.isArray(value) || value.some((item) => typeof item === 'object' && item !== null);
}
