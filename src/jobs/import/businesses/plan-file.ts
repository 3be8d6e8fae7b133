import { formatImportCell } from '../../../resources/format-cell.js';
import { readCellContext } from '../../../resources/cell-context.js';
import type { SheetColumn } from '../../../sheets/index.js';
import { openReportSheet, reportPath, type ReportDialect } from '../report/report-dialect.js';
import type { BusinessLabel } from './business-label.js';
import type { ColumnChange } from './diff-business.js';

const PLAN_COLUMNS: readonly SheetColumn[] = [
  { key: 'row' },
  { key: 'target', text: true },
  { key: 'code', text: true },
  { key: 'name' },
  { key: 'column' },
  { key: 'current', text: true },
  { key: 'new', text: true },
];
/** Row, business id, code and name stay in view. */
const FROZEN_COLUMNS = 4;

export interface PlanFile {
  readonly path: string;
  /** One line per column the row would change, cells in import format. */
  add(line: number, business: BusinessLabel, changes: readonly ColumnChange[]): Promise<void>;
  close(): Promise<void>;
}

/** `plan.<ext>` of a dry run: every field that would change, to review in a spreadsheet before the real run. */
export async function openPlanFile(dir: string, dialect: ReportDialect): Promise<PlanFile> {
  const path = reportPath(dir, 'plan', dialect);
  const writer = await openReportSheet(path, dialect, { columns: PLAN_COLUMNS, sheet: 'plan', frozenColumns: FROZEN_COLUMNS });
  const context = readCellContext(dialect);
  return {
    path,
    async add(line, { id, code, name }, changes) {
      for (const { column, before, after } of changes) {
        const cells = { current: formatImportCell(column, before, context), new: formatImportCell(column, after, context) };
        await writer.writeRow({ row: line, target: id, code, name, column: column.header, ...cells });
      }
    },
    close: () => writer.close(),
  };
}
