import type { CellValue } from '../sheets/index.js';
import type { CellContext } from './cells/cell-context.js';
import type { Column } from './column.js';
import { createCellReader } from './cells/create-cell-reader.js';

export interface RowFields {
  /** Values of the filled cells, by column. */
  values: Map<Column, unknown>;
  errors: string[];
  /** Columns whose cell is wrong. */
  faulty: Set<Column>;
}

/** Reads the cells of a row under the given columns, collecting every problem rather than stopping at the first. */
export type RowFieldsReader = (cells: Readonly<Record<string, CellValue>>) => RowFields;

/** A reader for the rows of one sheet (one decimal separator): each column's distinct cells are read once. */
export function createRowFieldsReader(columns: readonly Column[], context: CellContext): RowFieldsReader {
  const readers = columns.map((column) => ({ column, read: createCellReader(column, context) }));
  return (cells) => {
    const values = new Map<Column, unknown>();
    const errors: string[] = [];
    const faulty = new Set<Column>();
    for (const { column, read } of readers) {
      const reading = read(cells[column.header] ?? '');
      if (reading === undefined) continue;
      if ('errors' in reading) {
        errors.push(...reading.errors);
        faulty.add(column);
      } else {
        values.set(column, reading.value);
      }
    }
    return { values, errors, faulty };
  };
}
