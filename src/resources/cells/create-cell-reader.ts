import type { CellValue } from '../../sheets/index.js';
import type { CellContext } from './cell-context.js';
import type { Column } from '../column.js';
import { readCell, type CellReading } from './read-cell.js';

/** Distinct cells remembered per column, at most. */
const MAX_REMEMBERED = 1000;

/**
 * Reads the cells of one column of a sheet, each distinct cell once. Sheets repeat themselves
 * (status, country, categories, week hours, holidays, custom-field choices, row after row), and
 * reading a cell (its grammar, then the API's schema) costs far more than finding it again. A column
 * whose cells are mostly distinct (names, codes, addresses) stops remembering after a thousand of
 * them. Rows share the readings, so they are frozen.
 */
export function createCellReader(column: Column, context: CellContext): (cell: CellValue) => CellReading {
  const remembered = new Map<CellValue, NonNullable<CellReading>>();
  let remembering = true;
  let hits = 0;
  return (cell) => {
    if (cell === '') return undefined;
    if (!remembering) return readCell(column, cell, context);
    const known = remembered.get(cell);
    if (known !== undefined) {
      hits++;
      return known;
    }
    const reading = readCell(column, cell, context);
    if (reading === undefined) return undefined;
    if (remembered.size === MAX_REMEMBERED) {
      remembering = hits >= MAX_REMEMBERED;
      remembered.clear();
      hits = 0;
    }
    if (remembering) remembered.set(typeof cell === 'string' ? copyText(cell) : cell, freezeDeep(reading));
    return reading;
  };
}

/** A cell sliced from a file's text keeps the whole chunk alive: the remembered one is a copy that holds only itself. */
function copyText(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

function freezeDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) freezeDeep(item);
  }
  return value;
}
