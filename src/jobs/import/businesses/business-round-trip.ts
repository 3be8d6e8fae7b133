import { baseColumn, decodeRowSnapshot } from '../../../resources/businesses/base-column.js';
import { storeCodeColumn, type BusinessTarget } from '../../../resources/business-target.js';
import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import type { Column } from '../../../resources/column.js';
import { formatImportCell } from '../../../resources/format-cell.js';
import { selectImportColumns } from '../../../resources/resource-catalog.js';
import type { CellValue } from '../../../sheets/index.js';
import { describeConflict, describeConflictError } from '../describe-change.js';
import type { ImportOptions } from '../import-options.js';
import type { ImportReport, ReportedRow } from '../report/import-report.js';
import { labelBusiness, type BusinessLabel } from './business-label.js';
import type { CurrentBusiness } from './complete-business-update.js';
import type { ColumnChange } from './diff-business.js';
import { mergeThreeWay, type FieldConflict } from './merge-three-way.js';
import { openPlanFile, type PlanFile } from './plan-file.js';
import { createUndoFile, type UndoFile } from './undo-file.js';

/** What a row sends after the merge, or the outcome that keeps it from being sent. */
export type BaseMerge =
  | { values: BusinessRowValues; overwritten: string[] }
  | { status: 'invalid' | 'conflict' | 'failed'; changes: string[]; errors: string[] };

const NO_BASE_HINT = 'empty the cell to compare with the current business only';

/**
 * What keeps a spreadsheet round trip safe: the three-way merge with each row's `_base`, the plan
 * a dry run writes, and the undo file of a run that writes.
 */
export class BusinessRoundTrip {
  /** Businesses whose `status` the plan changes (--max-status-changes). */
  statusChanges = 0;
  /** The business of the row merged last: its plan or undo line comes next, and names it. */
  private lastMerged: CurrentBusiness | undefined;

  private constructor(
    /** The sheet's columns that set a field, `code` included; a row's custom fields may take its organization's (readOrgCustomCells). */
    readonly columns: readonly Column[],
    private readonly options: ImportOptions,
    private readonly plan: PlanFile | undefined,
    private readonly undo: UndoFile | undefined,
  ) {}

  /** A dry run opens its plan file, a run that writes its undo file (at the first write); both in the report directory. */
  static async open(options: ImportOptions, catalogColumns: readonly Column[], report: Pick<ImportReport, 'columns' | 'dialect'>): Promise<BusinessRoundTrip> {
    const columns = selectImportColumns(catalogColumns, report.columns).filter((column) => column.path !== undefined);
    const { dialect } = report;
    return options.dryRun
      ? new BusinessRoundTrip(columns, options, await openPlanFile(options.reportDir, dialect), undefined)
      : new BusinessRoundTrip(columns, options, undefined, createUndoFile(options.reportDir, dialect, columns));
  }

  /** A dry run's plan file. */
  get planFile(): string | undefined {
    return this.plan?.path;
  }

  /**
   * Diff mode with a `_base`: only the file's own changes go, conflicts as --on-conflict says; else
   * the row as it is. `columns` are the row's own (its organization's custom fields).
   */
  merge(cells: Readonly<Record<string, CellValue>>, values: BusinessRowValues, current: CurrentBusiness, columns: readonly Column[]): BaseMerge {
    this.lastMerged = current;
    const cell = cells[baseColumn.header];
    if (this.options.mode !== 'diff' || cell === undefined || cell === '') return { values, overwritten: [] };
    const snapshot = typeof cell === 'string' ? decodeRowSnapshot(cell.trim()) : undefined;
    if (snapshot === undefined) return invalid(`_base: is not what an export wrote (was it edited?); ${NO_BASE_HINT}`);
    if (snapshot.id !== current.id) return invalid(`_base: was exported for business ${snapshot.id}, not ${current.id}; ${NO_BASE_HINT}`);
    const { changes, conflicts } = mergeThreeWay(columns, values, snapshot, current);
    const currentCell = (conflict: FieldConflict): string => formatImportCell(conflict.column, conflict.current);
    const describe = (conflict: FieldConflict): string =>
      describeConflict(conflict.column.header, snapshot.cells[conflict.column.header], cells[conflict.column.header], currentCell(conflict));
    const policy = this.options.onConflict ?? 'skip';
    if (conflicts.length === 0 || policy === 'overwrite') {
      for (const conflict of conflicts) changes.set(conflict.column, conflict.file);
      return { values: changes, overwritten: conflicts.map((conflict) => `${describe(conflict)} (conflict: the file wins)`) };
    }
    // The reason is an error, as any row's that is not sent: the Summary counts it under its column.
    const errors = conflicts.map((conflict) => describeConflictError(conflict.column.header, snapshot.cells[conflict.column.header], currentCell(conflict)));
    return { status: policy === 'fail' ? 'failed' : 'conflict', changes: conflicts.map(describe), errors };
  }

  /** The store code the row's `_base` recorded: a code the file changed from it is the file's own edit. */
  readExportedCode(cells: Readonly<Record<string, CellValue>>): string | undefined {
    const cell = cells[baseColumn.header];
    const snapshot = typeof cell === 'string' && cell.trim() !== '' ? decodeRowSnapshot(cell.trim()) : undefined;
    return snapshot?.cells[storeCodeColumn.header];
  }

  /**
   * The business of a row whose cells are still those its `_base` recorded (diff mode): the file
   * changed nothing there, so the three-way merge can send nothing and the business need not be
   * read. Undefined when the row must be read and merged.
   */
  findUntouched(cells: Readonly<Record<string, CellValue>>, target: BusinessTarget): string | undefined {
    const cell = cells[baseColumn.header];
    if (this.options.mode !== 'diff' || typeof cell !== 'string' || cell.trim() === '') return undefined;
    const snapshot = decodeRowSnapshot(cell.trim());
    if (snapshot === undefined || ('business_id' in target && target.business_id !== snapshot.id)) return undefined;
    // A column the export did not write, left empty, changes nothing either.
    const untouched = this.columns.every((column) => (snapshot.cells[column.header] ?? '') === String(cells[column.header] ?? ''));
    return untouched ? snapshot.id : undefined;
  }

  /** Dry run: the row's changes go to the plan file. */
  async addToPlan(line: number, target: string, changes: readonly ColumnChange[]): Promise<void> {
    if (changes.some(({ column }) => column.header === 'status')) this.statusChanges++;
    await this.plan?.add(line, this.label(target), changes);
  }

  /** Dry run: the errors of a row that would not be sent go to the plan file, with its cells' code and name. */
  async addErrorsToPlan(row: ReportedRow): Promise<void> {
    const cell = (header: string): string => String(row.values[header] ?? '');
    await this.plan?.addErrors(row.line, { id: row.target ?? '', code: cell(storeCodeColumn.header), name: cell('name') }, row.errors);
  }

  /** Before a write, so that a run killed meanwhile still has it: the row's before-image goes to the undo file. */
  async addToUndo(target: string, changes: readonly ColumnChange[]): Promise<void> {
    if (changes.length > 0) await this.undo?.add(this.label(target), changes);
  }

  // A row's plan or undo line follows its merge at once (the undo line before its write is sent);
  // the id check keeps any other order from naming the wrong business.
  private label(target: string): BusinessLabel {
    const business = this.lastMerged;
    return business?.id === target ? labelBusiness(business) : { id: target, code: '', name: '' };
  }

  async close(): Promise<void> {
    await Promise.all([this.plan?.close(), this.undo?.close()]);
  }
}

function invalid(error: string): BaseMerge {
  return { status: 'invalid', changes: [], errors: [error] };
}
