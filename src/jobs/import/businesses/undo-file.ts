import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { baseColumn, encodeRowSnapshot } from '../../../resources/businesses/base-column.js';
import type { Column } from '../../../resources/column.js';
import { formatImportCell } from '../../../resources/format-cell.js';
import { toSheetColumns } from '../../../resources/to-sheet-columns.js';
import { openSheetWriter, type SheetFormat, type SheetWriter } from '../../../sheets/index.js';
import type { ColumnChange } from './diff-business.js';

export interface UndoFile {
  /** The business's values before the write, for exactly the columns it changes. */
  add(id: string, changes: readonly ColumnChange[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * `undo.<ext>`: a business sheet that sets back what the import changed, one row per business, its
 * `_base` the state after the import so that importing it is conflict-checked too. Opened at the
 * first row; an undo file an earlier run left in the directory is kept (`undo-2.<ext>`, …).
 */
export function createUndoFile(dir: string, format: SheetFormat, columns: readonly Column[]): UndoFile {
  const sheetColumns = [{ key: 'business_id', text: true }, ...toSheetColumns([...columns, baseColumn])];
  let opening: Promise<SheetWriter> | undefined;
  // Rows come from concurrent requests: written one after the other.
  let writing: Promise<void> = Promise.resolve();
  return {
    add(id, changes) {
      opening ??= findFreePath(dir, format).then((path) => openSheetWriter(path, { columns: sheetColumns, sheet: 'businesses' }));
      const cells = changes.map(({ column, before, after }) => ({ header: column.header, before: formatImportCell(column, before), after: formatImportCell(column, after) }));
      const record = {
        business_id: id,
        ...Object.fromEntries(cells.map((cell) => [cell.header, cell.before])),
        [baseColumn.header]: encodeRowSnapshot({ id, cells: Object.fromEntries(cells.map((cell) => [cell.header, cell.after])) }),
      };
      const writer = opening;
      writing = writing.then(async () => (await writer).writeRow(record));
      return writing;
    },
    async close() {
      await writing;
      await (await opening)?.close();
    },
  };
}

async function findFreePath(dir: string, format: SheetFormat): Promise<string> {
  for (let index = 1; ; index++) {
    const path = join(dir, index === 1 ? `undo.${format}` : `undo-${index}.${format}`);
    if (!(await exists(path))) return path;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
