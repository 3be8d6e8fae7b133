import { join } from 'node:path';
import { formatImportCell } from '../../../resources/format-cell.js';
import { openSheetWriter, type SheetColumn, type SheetFormat } from '../../../sheets/index.js';
import type { ColumnChange } from './diff-business.js';

const PLAN_COLUMNS: readonly SheetColumn[] = [
  { key: 'row', width: 6 },
  { key: 'target', text: true, width: 24 },
  { key: 'column', width: 24 },
  { key: 'current', text: true, width: 40 },
  { key: 'new', text: true, width: 40 },
];

export interface PlanFile {
  readonly path: string;
  /** One line per column the row would change, cells in import format. */
  add(line: number, target: string, changes: readonly ColumnChange[]): Promise<void>;
  close(): Promise<void>;
}

/** `plan.<ext>` of a dry run: every field that would change, to review in a spreadsheet before the real run. */
export async function openPlanFile(dir: string, format: SheetFormat): Promise<PlanFile> {
  const path = join(dir, `plan.${format}`);
  const writer = await openSheetWriter(path, { columns: PLAN_COLUMNS, sheet: 'plan' });
  return {
    path,
    async add(line, target, changes) {
      for (const { column, before, after } of changes) {
        await writer.writeRow({ row: line, target, column: column.header, current: formatImportCell(column, before), new: formatImportCell(column, after) });
      }
    },
    close: () => writer.close(),
  };
}
