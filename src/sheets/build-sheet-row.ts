import type { CellValue, SheetRow } from './sheet-reader.js';

/** The row for the cells under named columns, or undefined when they are all empty. */
export function buildSheetRow(names: readonly (string | undefined)[], line: number, cells: readonly CellValue[]): SheetRow | undefined {
  const values: Record<string, CellValue> = {};
  let empty = true;
  for (const [index, name] of names.entries()) {
    if (name === undefined) continue;
    const value = cells[index] ?? '';
    values[name] = value;
    if (typeof value === 'boolean' || value.trim() !== '') empty = false;
  }
  return empty ? undefined : { kind: 'row', line, values };
}
