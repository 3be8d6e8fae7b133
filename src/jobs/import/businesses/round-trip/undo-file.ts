import { access } from 'node:fs/promises';
import { isCodePage } from '../../../../sheets/index.js';
import { baseColumn, encodeRowSnapshot } from '../../../../resources/businesses/base-column.js';
import { readCellContext } from '../../../../resources/cells/cell-context.js';
import type { Column } from '../../../../resources/column.js';
import { formatImportCell } from '../../../../resources/cells/format-cell.js';
import { toSheetColumns } from '../../../../resources/to-sheet-columns.js';
import type { SheetWriter } from '../../../../sheets/index.js';
import { openReportSheet, reportPath, type ReportDialect } from '../../report/report-dialect.js';
import type { BusinessLabel } from './business-label.js';
import type { ColumnPlan } from '../plan-business-row.js';

/** The business's code and name as they were, for people: `_` columns, which an import ignores whatever its mode. */
const LABEL_COLUMNS = [{ key: '_code', text: true }, { key: '_name' }];
/** business_id, _code and _name stay in view. */
const FROZEN_COLUMNS = 3;

export interface UndoFile {
  /** The business's values before the write, for exactly the columns it changes. */
  add(business: BusinessLabel, changes: readonly ColumnPlan[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * `undo.<ext>`: a business sheet that sets back what the import changed, one row per business, its
 * `_base` the state after the import so that importing it is conflict-checked too. Opened at the
 * first row; an undo file an earlier run left in the directory is kept (`undo-2.<ext>`, …).
 */
export function createUndoFile(dir: string, dialect: ReportDialect, columns: readonly Column[]): UndoFile {
  const sheetColumns = [{ key: 'business_id', text: true }, ...LABEL_COLUMNS, ...toSheetColumns([...columns, baseColumn])];
  const undoDialect = keepEveryCharacter(dialect);
  // The base records the cells as written, so that the file's own cells compare equal to it.
  const context = readCellContext(undoDialect);
  let opening: Promise<SheetWriter> | undefined;
  // Rows come from concurrent requests: written one after the other.
  let writing: Promise<void> = Promise.resolve();
  return {
    add({ id, code, name }, changes) {
      opening ??= findFreePath(dir, undoDialect).then((path) =>
        openReportSheet(path, undoDialect, { columns: sheetColumns, sheet: 'businesses', frozenColumns: FROZEN_COLUMNS }),
      );
      const cells = changes.map(({ column, current, file }) => ({
        header: column.header,
        before: formatImportCell(column, current, context),
        after: formatImportCell(column, file, context),
      }));
      const record = {
        business_id: id,
        _code: code,
        _name: name,
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

/**
 * The undo file sets back the service's values, which a code page cannot always hold (a name in
 * Polish or Greek): from a Windows-1252 or Mac OS Roman input it is UTF-8 with a byte order mark, which Excel reads
 * as well, in the input's delimiter, decimal separator and line ending.
 */
function keepEveryCharacter(dialect: ReportDialect): ReportDialect {
  return dialect.format === 'csv' && isCodePage(dialect.encoding) ? { ...dialect, encoding: 'utf-8', bom: true } : dialect;
}

async function findFreePath(dir: string, dialect: ReportDialect): Promise<string> {
  for (let index = 1; ; index++) {
    const path = reportPath(dir, index === 1 ? 'undo' : `undo-${index}`, dialect);
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
