import { MAX_CELL_CHARS, type CellValue } from '../../sheets/index.js';
import type { CellContext } from '../cells/cell-context.js';
import { compareWithCodePage, describeLostCharacterMark } from '../cells/lost-characters.js';
import { CLEAR_MARK, quoteCell } from '../cells/read-cell.js';
import { describeMojibake, describeUndone, undoMojibake } from '../cells/mojibake.js';
import { describeRestoredNumber, restoreRoundedDecimal, restoreSpreadsheetNumber } from '../cells/spreadsheet-number.js';
import type { Column } from '../column.js';
import { findDateOrder } from '../columns/parse-date.js';
import type { RowSnapshot } from '../base-column.js';

export interface BaseReading {
  cells: Readonly<Record<string, CellValue>>;
  /** How a cell was read, for `_changes`. */
  notes: string[];
  /** Cells that cannot be sent without losing what the file could not hold. */
  errors: string[];
}

/**
 * Cells a spreadsheet changed on its own, read as `_base` recorded them: in text columns, digits it
 * read as a number (`1` as `000001`, `5.91474E+13` as `59147412500012`); in number columns,
 * decimals it rounded (`-122.419416` as `-122.4194155`); dates in its locale's
 * order that read either way (`8/6/2019` as `2019-08-06`); in a file saved in a code page
 * (Windows-1252, Mac OS Roman), characters it has no byte for (`Lodz` as `Łódź`); UTF-8 it read as
 * Windows-1252 and saved again (`CrÃªperie` as `Crêperie`); a text it cut at 32,767 characters. A cell that lost such characters and
 * changed otherwise is refused, and so is one garbled so: sending it would lose them.
 */
export function readAgainstBase(
  cells: Readonly<Record<string, CellValue>>,
  snapshot: RowSnapshot | undefined,
  columns: ReadonlyMap<string, Column>,
  context: CellContext,
): BaseReading {
  // Copied once a cell is read back, not for every row: most rows have no such cell.
  let read: Record<string, CellValue> | undefined;
  const notes: string[] = [];
  const errors: string[] = [];
  for (const header in snapshot?.cells) {
    const known = snapshot.cells[header] ?? '';
    const cell = cells[header];
    if (typeof cell !== 'string' || cell === known || cell.trim() === '' || cell.trim().toLowerCase() === CLEAR_MARK) continue;
    const reading = readCellAgainst(header, cell, known, columns.get(header), context);
    if (reading === undefined) continue;
    if ('error' in reading) {
      errors.push(reading.error);
    } else {
      read ??= { ...cells };
      read[header] = known;
      notes.push(reading.note);
    }
  }
  return { cells: read ?? cells, notes, errors };
}

/** One cell that differs from `_base`: read as `_base` has it (a note says why), refused, or undefined to be read as it is. */
function readCellAgainst(header: string, cell: string, known: string, column: Column | undefined, context: CellContext): { note: string } | { error: string } | undefined {
  // A spreadsheet keeps the first 32,767 characters of a longer cell: sent, the cut value would lose the rest.
  if (cell.length === MAX_CELL_CHARS && known.length > MAX_CELL_CHARS) {
    const cut = `cut to the ${MAX_CELL_CHARS.toLocaleString('en')} characters a spreadsheet cell holds, of the ${known.length.toLocaleString('en')} exported`;
    return known.startsWith(cell)
      ? { note: `${header}: ${cut}: read as exported, in _base` }
      : { error: `${header}: ${cut}, and was changed too: sent, it would lose the rest; change this field elsewhere than in a spreadsheet, or leave it as exported` };
  }
  const number = column?.text === true ? restoreSpreadsheetNumber(cell, known) : column?.typed === 'number' ? restoreRoundedDecimal(cell, known) : undefined;
  if (number !== undefined) return { note: describeRestoredNumber(header, cell, number) };
  // Without an order of its own (a `,` file, no --date-format), a date readable either way is read as the one _base gives.
  const order = context.slashDates === undefined ? findDateOrder(cell, known) : undefined;
  if (order !== undefined) {
    return { note: `${header}: ${quoteCell(cell)} read as ${quoteCell(known)}, as in _base (${order}; such a date reads either way: give --date-format to read the file's dates as written)` };
  }
  const ungarbled = undoMojibake(cell);
  if (ungarbled?.text === known) return { note: `${header}: ${quoteCell(cell)} read as ${quoteCell(known)}, as in _base (${describeUndone(ungarbled)})` };
  if (ungarbled !== undefined) return { error: describeMojibake(header, cell, ungarbled) };
  if (context.codePage === undefined) return undefined;
  const loss = compareWithCodePage(cell, known, context.codePage, 'the value exported');
  if (loss === undefined) {
    const mark = describeLostCharacterMark(header, cell, context.codePage);
    return mark === undefined ? undefined : { error: mark };
  }
  if (loss.saved) return { note: `${header}: ${quoteCell(cell)} read as exported, in _base (${loss.missing})` };
  return { error: `${header}: ${loss.missing}, which a change here would lose; put ${loss.count === 1 ? 'it' : 'them'} back and save the file as CSV UTF-8, got ${quoteCell(cell)}` };
}
