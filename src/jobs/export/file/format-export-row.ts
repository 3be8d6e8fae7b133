import { describeOddValue, findOddValues, toRawValue, type OddValue } from '../../../api/schemas/reading/odd-value.js';
import type { CellContext } from '../../../resources/cells/cell-context.js';
import type { Column } from '../../../resources/column.js';
import { formatCell } from '../../../resources/cells/format-cell.js';
import { attachRowBase } from '../../../resources/base-column.js';
import { MAX_CELL_CHARS, type SheetWriter } from '../../../sheets/index.js';

/**
 * Writes the row of `item` in canonical cells, what an import reads back to the same values; an
 * empty value is an empty cell, and the context is the file's (a decimal comma in a `;` CSV file).
 * A value that did not read (an OddValue at or above the column's field) is written as the JSON
 * text the service sent, and `warn` is told of it, named by where it sits in the item. With
 * `baseId` (an export whose import merges three ways), the row carries `_base`: its cells as written.
 */
export async function writeExportRow(sheet: SheetWriter, columns: readonly Column[], readValue: (column: Column) => unknown, context: CellContext, item: unknown, warn: (message: string) => void, baseId?: string): Promise<void> {
  const written = new Set<OddValue>();
  const cells = Object.fromEntries(
    columns.map((column) => {
      const value = readValue(column);
      const odd = findOddValues(value);
      for (const found of odd) written.add(found.odd);
      return [column.header, odd.length === 0 ? formatCell(column, value, context) : JSON.stringify(toRawValue(value))];
    }),
  );
  const row = baseId === undefined ? cells : attachRowBase(cells, baseId, columns);
  await sheet.writeRow(row);
  for (const [header, cell] of Object.entries(row)) {
    if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) {
      warn(`${header}: ${cell.length.toLocaleString('en')} characters, more than the ${MAX_CELL_CHARS.toLocaleString('en')} a spreadsheet cell holds: written whole, but Excel cuts it when it opens the file, and an import refuses a cell so long`);
    }
  }
  for (const found of findOddValues(item)) if (written.has(found.odd)) warn(`${describeOddValue(found)}: written as JSON text`);
}
