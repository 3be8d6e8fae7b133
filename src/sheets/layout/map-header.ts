import { toColumnLetter } from './column-letter.js';
import { SheetError } from '../sheet-error.js';
import { INVISIBLE } from '../text/shows-nothing.js';
import type { SheetColumnOptions } from '../sheet-reader.js';

export interface HeaderMap {
  /** Canonical column name for each cell position; undefined for cells that are not read. */
  names: (string | undefined)[];
  /** Cells up to the last named one: cells further right have no header at all. */
  width: number;
  warnings: string[];
  /** Named columns that are not among `knownColumns`, as the header writes them: not read, for the caller to refuse or ignore. */
  unknown: string[];
}

/** UTF-8's byte order mark as Windows-1252 (`ï»¿`) or Mac OS Roman (`Ôªø`) read it. */
export const READ_BYTE_ORDER_MARK = /^(?:ï»¿|Ôªø)/;

/** A header cell's name as columns are matched by: without what shows nothing, trimmed, in any case. */
export const toHeaderKey = (cell: string): string => cell.replace(READ_BYTE_ORDER_MARK, '').replace(INVISIBLE, '').trim().toLowerCase();

/**
 * Reads a header row: names are trimmed and matched case-insensitively against `knownColumns`
 * when given; the others are listed as unknown. Columns starting with "_" (report columns such as _status) and unnamed columns are
 * not read, except the `metaColumns` asked for and, with `userColumns`, those not reserved, as named; a repeated name is an error since its cells could
 * not be told apart, but for a user's `_` column, which nothing reads: its first is kept, with a warning.
 */
export function mapHeader(
  cells: readonly string[],
  file: string,
  { knownColumns, metaColumns = [], userColumns }: SheetColumnOptions = {},
): HeaderMap {
  const canonical = new Map([...(knownColumns ?? []), ...metaColumns].map((name) => [name.trim().toLowerCase(), name]));
  const meta = new Set(metaColumns.map((name) => name.toLowerCase()));
  const reserved = userColumns === undefined ? undefined : new Set(userColumns.reserved.map((name) => name.toLowerCase()));
  const seen = new Map<string, number>();
  const lastNamed = cells.findLastIndex((cell) => cell.trim() !== '');
  const names: (string | undefined)[] = cells.map(() => undefined);
  const warnings: string[] = [];
  const unknown: string[] = [];
  cells.forEach((cell, index) => {
    const bom = index === 0 ? READ_BYTE_ORDER_MARK.exec(cell)?.[0] : undefined;
    if (bom !== undefined) warnings.push(`The header starts with a byte order mark read in a code page ('${bom}'): the file was opened so and saved again, and accents may be garbled.`);
    const name = (bom === undefined ? cell : cell.slice(bom.length)).replace(INVISIBLE, '').trim();
    const key = name.toLowerCase();
    if (name === '') {
      if (index < lastNamed) warnings.push(`Column ${toColumnLetter(index)} has no name: its cells are ignored.`);
      return;
    }
    const first = seen.get(key);
    if (name.startsWith('_') && !meta.has(key)) {
      if (reserved === undefined || reserved.has(key)) return;
      if (first !== undefined) warnings.push(`Column ${toColumnLetter(index)} repeats '${name}' (column ${toColumnLetter(first)}): its cells are ignored.`);
      else {
        seen.set(key, index);
        names[index] = name;
      }
      return;
    }
    if (first !== undefined) {
      throw new SheetError(
        `read ${file}`,
        `column '${name}' appears twice (columns ${toColumnLetter(first)} and ${toColumnLetter(index)})`,
        'Rename or remove one.',
      );
    }
    seen.set(key, index);
    const known = knownColumns === undefined && !meta.has(key) ? name : canonical.get(key);
    if (known === undefined) {
      unknown.push(name);
      return;
    }
    names[index] = known;
  });
  return { names, width: lastNamed + 1, warnings, unknown };
}
