import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import type { CellValue, SheetRecord } from '../sheets/index.js';
import type { Column } from './column.js';
import { textColumn } from './columns/text-column.js';

/**
 * What a row of an export held: the item it was read from (a business, a custom field) and the cell
 * of each column of a field, read-only ones included, as written (empty cells included, so a column
 * added to the sheet later is told apart).
 */
export interface RowSnapshot {
  id: string;
  cells: Readonly<Record<string, string>>;
}

// The version mark also keeps the cell from starting with `-` or `=`, which spreadsheets would take for a formula.
const PREFIX = 'b1.';
// A deflated cell inflates to a few kilobytes; a cell claiming more was not written by an export.
const MAX_INFLATED_BYTES = 1_000_000;

const SnapshotSchema = z.tuple([z.string().min(1), z.record(z.string(), z.string())]);

/**
 * `_base`: the row's snapshot at export, deflated and base64-encoded, so that the import can
 * tell what the file changed from what the API changed since (a three-way merge). Hidden in XLSX;
 * the imports of businesses and of custom-field order read it themselves (a meta column, in no payload).
 */
export const baseColumn: Column = textColumn({
  header: '_base',
  schema: z.string(),
  identity: true,
  text: true,
  hidden: true,
  description: 'What the row held when exported, encoded: the import sends only what the file changed since, and reports conflicts. Leave it as it is; empty it to compare with the current values only',
});

// Base64, not base64url: LibreOffice reads "_x" and one to four hex digits and "_" in a saved
// workbook as an escaped character, which base64url's "_" would spell out in one row in a few hundred.
// Node's decoder reads both alphabets, so cells earlier exports wrote in base64url still read.
export function encodeRowSnapshot(snapshot: RowSnapshot): string {
  return PREFIX + deflateRawSync(JSON.stringify([snapshot.id, snapshot.cells])).toString('base64');
}

/**
 * The cells of the columns of a field, read-only ones included, recorded in `_base` beside them as
 * written (a decimal comma in a `;` file), so that an untouched row compares equal to it; the
 * identity columns are the snapshot's id.
 */
export function attachRowBase(cells: SheetRecord, id: string, columns: readonly Column[]): SheetRecord {
  const recorded = Object.fromEntries(columns.filter((column) => column.path !== undefined).map((column) => [column.header, String(cells[column.header] ?? '')]));
  return { ...cells, [baseColumn.header]: encodeRowSnapshot({ id, cells: recorded }) };
}

/** Why a row's `_base` cannot be merged with, `noun` naming what was exported (`business`); undefined when it can. */
export function findBaseMismatch(base: Pick<RowSnapshot, 'id'> | 'edited', id: string, noun: string): string | undefined {
  const hint = `empty the cell to compare with the current ${noun} only`;
  if (base === 'edited') return `_base: is not what an export wrote (was it edited?); ${hint}`;
  return base.id === id ? undefined : `_base: was exported for ${noun} ${base.id}, not ${id}; ${hint}`;
}

/** A row's snapshot: undefined when its `_base` cell is empty, `edited` when an export did not write the cell (or it was edited). */
export function readRowBase(cells: Readonly<Record<string, CellValue>>): RowSnapshot | 'edited' | undefined {
  const cell = cells[baseColumn.header];
  if (typeof cell !== 'string' || cell.trim() === '') return undefined;
  return decodeRowSnapshot(cell.trim()) ?? 'edited';
}

function decodeRowSnapshot(cell: string): RowSnapshot | undefined {
  if (!cell.startsWith(PREFIX)) return undefined;
  try {
    const json = inflateRawSync(Buffer.from(cell.slice(PREFIX.length), 'base64'), { maxOutputLength: MAX_INFLATED_BYTES }).toString('utf8');
    const parsed = SnapshotSchema.safeParse(JSON.parse(json));
    return parsed.success ? { id: parsed.data[0], cells: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}
