import type { CellValue } from '../../../sheets/index.js';
import { isUserColumn } from '../report/report-columns.js';

/** The longest cell that may hold a NULL mark, spaces around it included: a longer one (most cells) is not trimmed to be compared. */
const LONGEST_MARK = 8;

/** `NULL` (any case) or `\N`: how databases and scripts export a missing value, never a value meant to be sent. */
function isNullMark(cell: CellValue): boolean {
  if (typeof cell !== 'string' || cell.length > LONGEST_MARK) return false;
  const trimmed = cell.trim();
  return trimmed === '\\N' || trimmed.toLowerCase() === 'null';
}

/**
 * A row's cells with its NULL marks read as empty cells (but a user's own `_` column's), which leave their fields unchanged, and a
 * note naming them for `_changes`; undefined for a row without any.
 */
export function readNullCells(values: Readonly<Record<string, CellValue>>): { values: Record<string, CellValue>; note: string } | undefined {
  let columns: string[] | undefined;
  for (const column in values) {
    const cell = values[column];
    if (cell !== undefined && isNullMark(cell) && !isUserColumn(column)) (columns ??= []).push(column);
  }
  if (columns === undefined) return undefined;
  const read = { ...values };
  for (const column of columns) read[column] = '';
  return { values: read, note: `${columns.join(', ')}: NULL read as an empty cell, which keeps the field; write #clear to empty it` };
}
