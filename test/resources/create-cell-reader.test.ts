import { describe, expect, it } from 'vitest';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { DOT_CONTEXT } from '../../src/resources/cells/cell-context.js';
import type { Column } from '../../src/resources/column.js';
import { createCellReader } from '../../src/resources/cells/create-cell-reader.js';
import { readCell } from '../../src/resources/cells/read-cell.js';
import { CUSTOM_FIELDS } from './custom-field-definitions.js';

const columns = buildBusinessCatalog(CUSTOM_FIELDS).columns;

function columnOf(header: string): Column {
  const column = columns.find((candidate) => candidate.header === header);
  if (column === undefined) throw new Error(`no column ${header}`);
  return column;
}

describe('reading the cells of a column', () => {
  it.each([
    ['open_hours.monday', '07:00-13:00,15:00-19:30'],
    ['open_hours.monday', '25:00-26:00'],
    ['specific_hours.close', '2026-12-25|2027-08-01..2027-08-15'],
    ['custom_fields.gallery', '[{"url":"https://www.example.com/a.jpg","texts":{"caption":"Front"}}]'],
    ['country', 'fr'],
    ['lat', 'north'],
    ['name', '#CLEAR'],
    ['status', '   '],
  ])('reads %s %j as readCell does, the first time and every time after', (header, cell) => {
    const column = columnOf(header);
    const read = createCellReader(column, DOT_CONTEXT);
    const expected = readCell(column, cell, DOT_CONTEXT);
    for (let row = 0; row < 3; row++) expect(read(cell)).toEqual(expected);
  });

  it('gives every row the same frozen reading, which no row can change for the others', () => {
    const read = createCellReader(columnOf('categories'), DOT_CONTEXT);
    read('gcid:bakery|gcid:pastry_shop');
    const reading = read('gcid:bakery|gcid:pastry_shop');
    expect(reading).toEqual({ value: ['gcid:bakery', 'gcid:pastry_shop'] });
    expect(reading !== undefined && 'value' in reading && Object.isFrozen(reading.value)).toBe(true);
  });

  it('keeps reading a column of distinct cells right once it no longer remembers them', () => {
    const column = columnOf('contacts.0.phone_numbers');
    const read = createCellReader(column, DOT_CONTEXT);
    for (let row = 0; row < 2500; row++) {
      const cell = row % 7 === 0 ? 'not a phone' : `+33 4 74 ${String(row).padStart(6, '0')}`;
      expect(read(cell)).toEqual(readCell(column, cell, DOT_CONTEXT));
    }
  });
});
