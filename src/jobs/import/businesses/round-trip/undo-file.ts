import { isCodePage } from '../../../../sheets/index.js';
import { baseColumn, encodeRowSnapshot } from '../../../../resources/base-column.js';
import { readCellContext } from '../../../../resources/cells/cell-context.js';
import type { Column } from '../../../../resources/column.js';
import { formatImportCell } from '../../../../resources/cells/format-cell.js';
import { toSheetColumns } from '../../../../resources/to-sheet-columns.js';
import type { ReportDialect } from '../../report/report-dialect.js';
import { openUndoSpool, type UndoSpool } from '../../report/undo-spool.js';
import type { BusinessLabel } from './business-label.js';
import type { ColumnPlan } from '../plan-business-row.js';

/** The business's code and name as they were, for people: `_` columns, which an import ignores whatever its mode. */
const LABEL_COLUMNS = [{ key: '_code', text: true }, { key: '_name' }];
/** business_id, _code and _name stay in view. */
const FROZEN_COLUMNS = 3;

export interface UndoFile {
  /** The business's values before the write, for exactly the columns it changes: on disk when it returns, so that a run killed after its request keeps them. Returns the line, for `notSent`. */
  add(business: BusinessLabel, changes: readonly ColumnPlan[]): number;
  /** The write of the line `add` returned was not sent: the run stopped before its turn. */
  notSent(line: number): void;
  close(): Promise<void>;
}

/**
 * `undo.<ext>`: a business sheet that sets back what the import changed, one row per business, its
 * `_base` the state after the import so that importing it is conflict-checked too. Spooled from
 * the first row (undo-spool.ts) and written at the end; an undo file an earlier run left in the
 * directory is kept (`undo-2.<ext>`, …).
 */
export function createUndoFile(dir: string, dialect: ReportDialect, columns: readonly Column[]): UndoFile {
  const undoDialect = keepEveryCharacter(dialect);
  const layout = {
    dialect: undoDialect,
    columns: [{ key: 'business_id', text: true }, ...LABEL_COLUMNS, ...toSheetColumns([...columns, baseColumn])],
    sheet: 'businesses',
    frozenColumns: FROZEN_COLUMNS,
  };
  // The base records the cells as written, so that the file's own cells compare equal to it.
  const context = readCellContext(undoDialect);
  let spool: UndoSpool | undefined;
  return {
    add({ id, code, name }, changes) {
      const cells = changes.map(({ column, current, file }) => ({
        header: column.header,
        before: formatImportCell(column, current, context),
        after: formatImportCell(column, file, context),
      }));
      spool ??= openUndoSpool(dir, layout);
      return spool.append({
        business_id: id,
        _code: code,
        _name: name,
        ...Object.fromEntries(cells.map((cell) => [cell.header, cell.before])),
        [baseColumn.header]: encodeRowSnapshot({ id, cells: Object.fromEntries(cells.map((cell) => [cell.header, cell.after])) }),
      });
    },
    notSent(line) {
      spool?.notSent(line);
    },
    close: () => spool?.close() ?? Promise.resolve(),
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

