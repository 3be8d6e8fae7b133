import type { BusinessUpdate } from '../../../api/schemas/business.js';
import { assemblePayload } from '../../../resources/assemble-payload.js';
import { findBaseMismatch, readRowBase, type RowSnapshot } from '../../../resources/base-column.js';
import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import { storeCodeColumn } from '../../../resources/business-target.js';
import { COMMA_CONTEXT, DOT_CONTEXT } from '../../../resources/cells/cell-context.js';
import type { Column, FieldPath } from '../../../resources/column.js';
import { readAtPath } from '../../../resources/field-path.js';
import { formatCell, formatImportCell } from '../../../resources/cells/format-cell.js';
import { readCell } from '../../../resources/cells/read-cell.js';
import type { CellValue } from '../../../sheets/index.js';
import { describeChange, describeConflict, describeConflictError, describeSetting, isEmptyValue, isSameValue, showsApart } from '../describe-change.js';
import { DEFAULT_CONFLICT_POLICY, type ConflictPolicy, type ImportMode } from '../import-options.js';
import { findUnreadableSends, resolveClearRequests } from './check-unreadable-fields.js';
import { completeBusinessUpdate, type CurrentBusiness } from './complete-business-update.js';
import { listCodeChangeFirst, refuseCodeChange } from './store-code-change.js';

/**
 * One filled column of a row against its business, compared once: the request, `_changes`, the
 * plan line and the undo line all take it from here.
 */
export interface ColumnPlan {
  column: Column;
  /** Where the column's value sits in a business. */
  path: FieldPath;
  /** The cell as the column read it. */
  file: unknown;
  /** The business's value now. */
  current: unknown;
  /**
   * `change`: the file sets a value the business does not hold; `same`: it holds it already;
   * `kept`: the cell is as `_base` recorded it, so a change made in the service since stays;
   * `conflict`: the file and the service both changed it since the export, to different values.
   */
  verdict: 'change' | 'same' | 'kept' | 'conflict';
}

/** What a business row comes to: an outcome that sends nothing, or what it writes. */
export type RowPlan =
  | { status: 'unchanged' | 'invalid' | 'conflict' | 'failed'; changes: string[]; errors: string[] }
  | {
      status: 'write';
      payload: BusinessUpdate;
      /** `_changes`: code changes first, then the fields, then the conflicts the file won. */
      changes: string[];
      /** The columns the write changes: a plan line, an undo line. */
      columns: ColumnPlan[];
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
  onConflict?: ConflictPolicy | undefined;
}

/**
 * Plans a row: `#clear` checked against what the service holds, each column compared once with
 * the business and, in diff mode, with `_base` (three-way), the nested fields completed whole,
 * code changes refused unless allowed. Diff mode sends what changes; patch mode every filled cell,
 * its plan and undo lines still only what changes.
 */
export function planBusinessRow({ cells, values, columns, current }: BusinessRowInput, { mode, allowCodeChanges, onConflict = DEFAULT_CONFLICT_POLICY }: RowPlanSettings): RowPlan {
  const refuse = (status: 'invalid' | 'failed', errors: string[]): RowPlan => ({ status, changes: [], errors });
  const cleared = resolveClearRequests(values, current);
  if ('errors' in cleared) return refuse('invalid', cleared.errors);
  const base = readRowBase(cells);
  const snapshot = base === 'edited' ? undefined : base;
  const mismatch = mode === 'diff' && base !== undefined ? findBaseMismatch(base, current.id, 'business') : undefined;
  if (mismatch !== undefined) return refuse('invalid', [mismatch]);
  // Patch mode sends every filled cell: the base only tells whether a code change was the file's own.
  const merged = mode === 'diff' ? snapshot : undefined;
  const table = columns.flatMap((column) => planColumn(column, cleared.values.get(column), merged, current));

  const conflicts = table.filter(({ verdict }) => verdict === 'conflict');
  const describeConflicting = ({ column, current: now }: ColumnPlan): string =>
    describeConflict(column.header, snapshot?.cells[column.header], cells[column.header], formatImportCell(column, now));
  if (conflicts.length > 0 && onConflict !== 'overwrite') {
    // The reason is an error, as any row's that is not sent: the Summary counts it under its column.
    const errors = conflicts.map(({ column, current: now }) => describeConflictError(column.header, snapshot?.cells[column.header], formatImportCell(column, now)));
    return { status: onConflict === 'fail' ? 'failed' : 'conflict', changes: conflicts.map(describeConflicting), errors };
  }
  const changing = table.filter(({ verdict }) => verdict === 'change' || verdict === 'conflict');
  const sent = mode === 'patch' ? table : changing;
  if (sent.length === 0) return { status: 'unchanged', changes: [], errors: [] };
  const unreadable = findUnreadableSends(sent.map(({ path }) => String(path[0])), current);
  if (unreadable.length > 0) return refuse('failed', unreadable);
  const completed = completeBusinessUpdate(assemblePayload(new Map(sent.map(({ column, file }) => [column, file]))), current);
  if ('errors' in completed) return refuse('invalid', completed.errors);
  const codeChange = changing.find(({ column }) => column.header === storeCodeColumn.header);
  const refused = refuseCodeChange(codeChange, snapshot?.cells[storeCodeColumn.header], allowCodeChanges);
  if (refused !== undefined) return refuse('failed', [refused]);
  const changes =
    mode === 'patch'
      ? sent.map(({ column, file }) => describeSetting(column.header, showCell(column, file)))
      : changing.flatMap(({ column, path, current: now, file }) => {
          const [before, after] = [showCell(column, now), showCell(column, file)];
          // Cells cut short alike (two long lists of specific hours) are walked into, to say where they differ.
          return showsApart(before, after) ? [describeChange(column.header, before, after)] : describeDifferences(path, now, file);
        });
  const overwritten = conflicts.map((conflict) => `${describeConflicting(conflict)} (conflict: the file wins)`);
  return { status: 'write', payload: completed.payload, changes: [...listCodeChangeFirst(changes), ...overwritten], columns: changing };
}

/** A column the row fills, compared with the business and with what the export recorded. */
function planColumn(column: Column, file: unknown, snapshot: RowSnapshot | undefined, business: CurrentBusiness): ColumnPlan[] {
  const { path } = column;
  if (path === undefined || file === undefined) return [];
  const current = readAtPath(business, path);
  const base = snapshot === undefined ? undefined : readBaseValue(column, snapshot);
  // An export writes an empty list as an empty cell, which reads as no value: the same emptiness.
  const verdict =
    base !== undefined && isSameValue(base.value, file)
      ? 'kept'
      : isSameValue(current, file)
        ? 'same'
        : base === undefined || isSameValue(current, base.value) || (base.value === undefined && isEmptyValue(current))
          ? 'change'
          : 'conflict';
  return [{ column, path, file, current, verdict }];
}

/** The exported value of a column; undefined when there is none to compare with (the export did not hold it, or it no longer reads). */
function readBaseValue(column: Column, snapshot: RowSnapshot): { value: unknown } | undefined {
  const cell = snapshot.cells[column.header];
  if (cell === undefined) return undefined;
  // A base holds the cells as its file was written: a dot before decimals, or a comma in a `;` file
  // (an excel-semicolon export, an undo file of a `;` import); the comma context reads both.
  const reading = readCell(column, cell, COMMA_CONTEXT);
  if (reading === undefined) return { value: undefined };
  return 'errors' in reading ? undefined : reading;
}

/**
 * `field: 'Old' -> 'New'`, walked into a list of objects (a specific day, `specific_hours.open.0.starts_at`)
 * so that it says what changed where both sides would look alike cut short.
 */
function describeDifferences(path: FieldPath, before: unknown, after: unknown): string[] {
  if (!isNested(before) || !isNested(after) || Array.isArray(before) !== Array.isArray(after)) return [describeChange(path.join('.'), before, after)];
  const [was, now] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys.flatMap((key) => (isSameValue(was[key], now[key]) ? [] : describeDifferences([...path, key], was[key], now[key])));
}

/** A value as its cell holds it (`gcid:bakery|gcid:cafe`, `closed`), so that `_changes` reads as the sheet and copies back into it. */
function showCell(column: Column, value: unknown): string {
  return formatCell(column, value, DOT_CONTEXT);
}

/** Objects, and lists of objects, are walked into; a list of plain values (a day's windows) is one value. */
function isNested(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  return !Array.isArray(value) || value.some((item) => typeof item === 'object' && item !== null);
}
