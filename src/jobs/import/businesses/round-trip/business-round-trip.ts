import { readRowBase } from '../../../../resources/base-column.js';
import { storeCodeColumn, type BusinessTarget } from '../../../../resources/business-target.js';
import type { Column } from '../../../../resources/column.js';
import { selectImportColumns } from '../../../../resources/resource-catalog.js';
import type { CellValue } from '../../../../sheets/index.js';
import type { ImportOptions } from '../../import-options.js';
import type { ImportReport, ReportedRow } from '../../report/import-report.js';
import { isProblem } from '../../row-status.js';
import { labelBusiness } from './business-label.js';
import type { CurrentBusiness } from '../complete-business-update.js';
import type { ColumnPlan } from '../plan-business-row.js';
import { openPlanFile, type PlanFile } from './plan-file.js';
import { createUndoFile, type UndoFile } from './undo-file.js';

/**
 * What keeps a spreadsheet round trip safe besides the three-way merge (planBusinessRow): rows
 * left as exported skipped without a read, the plan a dry run writes, the undo file of a run that writes.
 */
export class BusinessRoundTrip {
  /** Businesses whose `status` the plan changes (--max-status-changes). */
  statusChanges = 0;
  private closing: Promise<void> | undefined;

  private constructor(
    /** The sheet's columns that set a field, `code` included; a row's custom fields may take its organization's (OrgCustomFields). */
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
   * The business of a row whose cells are still those its `_base` recorded (diff mode): the file
   * changed nothing there, so the three-way merge can send nothing and the business need not be
   * read. Undefined when the row must be read and merged.
   */
  findUntouched(cells: Readonly<Record<string, CellValue>>, target: BusinessTarget): string | undefined {
    const snapshot = this.options.mode === 'diff' ? readRowBase(cells) : undefined;
    if (snapshot === undefined || snapshot === 'edited' || ('business_id' in target && target.business_id !== snapshot.id)) return undefined;
    // A column the export did not write, left empty, changes nothing either.
    const untouched = this.columns.every((column) => (snapshot.cells[column.header] ?? '') === String(cells[column.header] ?? ''));
    return untouched ? snapshot.id : undefined;
  }

  /** Dry run, before the row is reported: its changes, which the plan file lists once the report reaches the row. */
  addToPlan(line: number, business: CurrentBusiness, changes: readonly ColumnPlan[]): void {
    if (changes.some(({ column }) => column.header === 'status')) this.statusChanges++;
    this.plan?.add(line, labelBusiness(business), changes);
  }

  /** Dry run, as the report writes a row: its changes, or the errors of a row that would not be sent with its cells' code and name. */
  async addReportedToPlan(row: ReportedRow): Promise<void> {
    const cell = (header: string): string => String(row.values[header] ?? '');
    const errors = isProblem(row.status) ? row.errors : [];
    await this.plan?.addReported(row.line, { id: row.target ?? '', code: cell(storeCodeColumn.header), name: cell('name') }, errors);
  }

  /**
   * Before a write, so that a run killed meanwhile still has it: the row's before-image goes to the
   * undo file. Returns what takes it out again when the write is not sent (the run stopped first):
   * the undo file of a stopped run then sets back only what it changed.
   */
  addToUndo(business: CurrentBusiness, changes: readonly ColumnPlan[]): () => void {
    const { undo } = this;
    if (changes.length === 0 || undo === undefined) return () => undefined;
    const line = undo.add(labelBusiness(business), changes);
    return () => {
      undo.notSent(line);
    };
  }

  /** Once: the run closes it before it frees the report directory (ImportRun.closeFiles), and an import that fails on the way closes it too. */
  close(): Promise<void> {
    this.closing ??= Promise.all([this.plan?.close(), this.undo?.close()]).then(() => undefined);
    return this.closing;
  }
}
