import type { CellValue, SheetRow } from './sheet-reader.js';

/** The row for the cells under named columns, or undefined when they are all empty. */
export function buildSheetRow(names: readonly (string | undefined)[], line: number, cells: readonly CellValue[]): SheetRow | undefined {
  const values: Record<string, CellValue> = {};
  let empty = true;
  for (let index = 0; index < names.length; index++) {
    const name = names[index];
    if (name === undefined) continue;
    const value = cells[index] ?? '';
    values[name] = value;
    if (empty && (typeof value === 'boolean' || value.trim() !== '')) empty = false;
  }
  return empty ? undefined : { kind: 'row', line, values };
}
