import type { CellContext } from '../../resources/cell-context.js';
import type { Column } from '../../resources/column.js';
import { formatCell } from '../../resources/format-cell.js';
import type { SheetRecord } from '../../sheets/index.js';

/**
 * A row of canonical cells, what an import reads back to the same values: `#clear` for an empty
 * value where the field can be emptied, an empty cell for a value the API did not give. Read-only
 * columns are never imported, so an empty value there is just an empty cell. The context is the
 * file's (a decimal comma in a `;` CSV file).
 */
export function formatExportRow(columns: readonly Column[], readValue: (column: Column) => unknown, context: CellContext): SheetRecord {
  return Object.fromEntries(
    columns.map((column) => {
      const value = readValue(column);
      const cell = column.readOnly ? (value === undefined || value === null ? '' : column.format(value, context)) : formatCell(column, value, context);
      return [column.header, cell];
    }),
  );
}

