import type { CellValue } from '../sheets/index.js';
import type { CellContext } from './cell-context.js';
import type { Column } from './column.js';
import { readCell } from './read-cell.js';

export interface RowFields {
  /** Values of the filled cells, by column. */
  values: Map<Column, unknown>;
  errors: string[];
  /** Columns whose cell is wrong. */
  faulty: Set<Column>;
}

/** Reads the cells of a row under the given columns, collecting every problem rather than stopping at the first. */
export function readRowFields(columns: readonly Column[], cells: Readonly<Record<string, CellValue>>, context: CellContext): RowFields {
  const values = new Map<Column, unknown>();
  const errors: string[] = [];
  const faulty = new Set<Column>();
  for (const column of columns) {
    const reading = readCell(column, cells[column.header] ?? '', context);
    if (reading === undefined) continue;
    if ('errors' in reading) {
      errors.push(...reading.errors);
      faulty.add(column);
    } else {
      values.set(column, reading.value);
    }
  }
  return { values, errors, faulty };
}
