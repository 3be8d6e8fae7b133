import { describeOddValue, findOddValues, toRawValue, type OddValue } from '../../../api/schemas/reading/odd-value.js';
import type { CellContext } from '../../../resources/cells/cell-context.js';
import type { Column } from '../../../resources/column.js';
import { formatCell } from '../../../resources/cells/format-cell.js';
import { attachRowBase } from '../../../resources/base-column.js';
import type { SheetRecord, SheetWriter } from '../../../sheets/index.js';

/**
 * A row of canonical cells, what an import reads back to the same values; an empty value is an
 * empty cell. A value that did not read (an OddValue at or above the column's field) is written as
 * the JSON text the service sent, and added to `written`. The context is the file's (a decimal
 * comma in a `;` CSV file).
 */
function formatExportRow(columns: readonly Column[], readValue: (column: Column) => unknown, context: CellContext, written: Set<OddValue>): SheetRecord {
  return Object.fromEntries(
    columns.map((column) => {
      const value = readValue(column);
      const odd = findOddValues(value);
      for (const found of odd) written.add(found.odd);
      const cell = odd.length === 0 ? formatCell(column, value, context) : JSON.stringify(toRawValue(value));
      return [column.header, cell];
    }),
  );
}

/** A warning for each odd value of `item` that a row wrote, naming where it sits in the item. */
function describeWrittenOddValues(item: unknown, written: ReadonlySet<OddValue>): string[] {
  return findOddValues(item)
    .filter(({ odd }) => written.has(odd))
    .map((found) => `${describeOddValue(found)}: written as JSON text`);
}

/**
 * Writes the row of `item`, and tells `warn` of each odd value it wrote as JSON text. With `baseId`
 * (an export whose import merges three ways), the row carries `_base`: its cells as written.
 */
export async function writeExportRow(sheet: SheetWriter, columns: readonly Column[], readValue: (column: Column) => unknown, context: CellContext, item: unknown, warn: (message: string) => void, baseId?: string): Promise<void> {
  const written = new Set<OddValue>();
  const cells = formatExportRow(columns, readValue, context, written);
  await sheet.writeRow(baseId === undefined ? cells : attachRowBase(cells, baseId, columns));
  for (const message of describeWrittenOddValues(item, written)) warn(message);
}
