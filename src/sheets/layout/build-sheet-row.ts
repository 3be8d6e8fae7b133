import type { CellValue, SheetRow } from '../sheet-reader.js';

// The rows of a sheet share their keys: each starts as a copy of one object that holds them all,
// laid out once, instead of growing its property store key by key (a sixth of a CSV read's garbage).
const templates = new WeakMap<readonly (string | undefined)[], Readonly<Record<string, CellValue>>>();

/** The row for the cells under named columns, or undefined when they are all empty. */
export function buildSheetRow(names: readonly (string | undefined)[], line: number, cells: readonly CellValue[]): SheetRow | undefined {
  const values: Record<string, CellValue> = { ...templateOf(names) };
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

function templateOf(names: readonly (string | undefined)[]): Readonly<Record<string, CellValue>> {
  const known = templates.get(names);
  if (known !== undefined) return known;
  const keys = names.filter((name) => name !== undefined);
  // JSON.parse builds an object with fast properties, whatever their number.
  const template = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((name) => [name, ''])))) as Record<string, CellValue>;
  templates.set(names, template);
  return template;
}
