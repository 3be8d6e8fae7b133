import { describe, expect, it } from 'vitest';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { COMMA_CONTEXT, DOT_CONTEXT, readCellContext, type CellContext } from '../../src/resources/cells/cell-context.js';
import { findDateOrder, parseDate } from '../../src/resources/columns/parse-date.js';
import { formatCell } from '../../src/resources/cells/format-cell.js';
import { readCell } from '../../src/resources/cells/read-cell.js';

const columnOf = (header: string) => {
  const column = buildBusinessCatalog([]).columns.find((candidate) => candidate.header === header);
  if (column === undefined) throw new Error(`no column ${header}`);
  return column;
};
const declared = (format: 'dd/mm/yyyy' | 'mm/dd/yyyy'): CellContext => readCellContext({ format: 'csv', delimiter: ',' }, { dateFormat: format });

describe('dates as spreadsheets write them', () => {
  it.each([
    ['2026-12-25', DOT_CONTEXT, '2026-12-25'],
    ['25/12/2026', COMMA_CONTEXT, '2026-12-25'],
    ['05/06/2026', COMMA_CONTEXT, '2026-06-05'],
    ['5/6/2026', COMMA_CONTEXT, '2026-06-05'],
    // The day shows the order: a locale's default yields, and a file without one reads it.
    ['12/25/2026', COMMA_CONTEXT, '2026-12-25'],
    ['12/25/2026', DOT_CONTEXT, '2026-12-25'],
    ['25/12/2026', DOT_CONTEXT, '2026-12-25'],
    ['06/06/2026', DOT_CONTEXT, '2026-06-06'],
    ['05/06/2026', declared('mm/dd/yyyy'), '2026-05-06'],
    ['05/06/2026', declared('dd/mm/yyyy'), '2026-06-05'],
    // The year first, as Chinese, Japanese and Korean spreadsheets (and Gnumeric) write dates: one order only.
    ['2026/12/25', DOT_CONTEXT, '2026-12-25'],
    ['2026/1/5', COMMA_CONTEXT, '2026-01-05'],
    ['2026.12.05', declared('mm/dd/yyyy'), '2026-12-05'],
    ['2026-1-5', DOT_CONTEXT, '2026-01-05'],
    // A date cell saved as a number: Excel's serial (1900 system).
    ['46381', DOT_CONTEXT, '2026-12-25'],
    // In a workbook of the 1904 date system, the same day is 1,462 days fewer.
    ['44919', readCellContext({ format: 'xlsx', date1904: true }), '2026-12-25'],
    // Day first with dots, as German, Polish or Nordic sheets write dates, whatever the declared order of slashes.
    ['29.07.2023', DOT_CONTEXT, '2023-07-29'],
    ['5.6.2026', declared('mm/dd/yyyy'), '2026-06-05'],
    // A CRM's date field exported with its time, midnight.
    ['2023-07-29T00:00:00Z', DOT_CONTEXT, '2023-07-29'],
    ['2023-07-29 00:00:00.000', DOT_CONTEXT, '2023-07-29'],
    ['2023-07-29T00:00+02:00', DOT_CONTEXT, '2023-07-29'],
    // PostgreSQL's text of a timestamp with time zone, its offset in hours.
    ['2023-07-29 00:00:00+00', DOT_CONTEXT, '2023-07-29'],
    ['2023-07-29 00:00:00.000000-05', DOT_CONTEXT, '2023-07-29'],
    ['29/07/2023 00:00', COMMA_CONTEXT, '2023-07-29'],
    // Day and month separated by dashes, as Dutch sheets write dates, in the orders slashes are read in.
    ['29-7-2023', DOT_CONTEXT, '2023-07-29'],
    ['07-29-2023', DOT_CONTEXT, '2023-07-29'],
    ['05-06-2026', COMMA_CONTEXT, '2026-06-05'],
  ])('reads %s', (text, context, date) => {
    expect(parseDate(text, context)).toEqual({ date });
  });

  it('refuses a date with a time of day other than midnight, whose day would depend on its time zone', () => {
    expect(parseDate('2023-07-28T22:00:00Z', DOT_CONTEXT)).toEqual({ error: 'holds a time of day; write the date alone (2023-07-28) if that is the day meant' });
    expect(parseDate('05/06/2026 14:30', DOT_CONTEXT)).toEqual({ error: 'could be dd/mm/yyyy or mm/dd/yyyy; write it yyyy-mm-dd, or give --date-format' });
    expect(readCell(columnOf('opening_date'), '31.02.2023', DOT_CONTEXT)).toEqual({ errors: ["opening_date: is no day of the calendar (February 2023 has 28 days), got '31.02.2023'"] });
  });

  it('says why a date of the right form is no day of the calendar', () => {
    expect(parseDate('2023-02-29', DOT_CONTEXT)).toEqual({ error: 'is no day of the calendar (February 2023 has 28 days)' });
    expect(parseDate('2024-02-29', DOT_CONTEXT)).toEqual({ date: '2024-02-29' });
    expect(parseDate('2023-13-01', DOT_CONTEXT)).toEqual({ error: 'is no day of the calendar (there is no month 13)' });
    expect(parseDate('31/04/2026', DOT_CONTEXT)).toEqual({ error: 'is no day of the calendar (April 2026 has 30 days)' });
  });

  it('refuses an order it cannot tell, and a date the declared format does not fit', () => {
    expect(parseDate('05/06/2026', DOT_CONTEXT)).toEqual({ error: 'could be dd/mm/yyyy or mm/dd/yyyy; write it yyyy-mm-dd, or give --date-format' });
    expect(parseDate('05-06-2026', DOT_CONTEXT)).toEqual({ error: 'could be dd/mm/yyyy or mm/dd/yyyy; write it yyyy-mm-dd, or give --date-format' });
    expect(parseDate('29-07-2023', declared('mm/dd/yyyy'))).toEqual({ error: 'must be a date mm/dd/yyyy (--date-format)' });
    expect(parseDate('12/25/2026', declared('dd/mm/yyyy'))).toEqual({ error: 'must be a date dd/mm/yyyy (--date-format)' });
    expect(parseDate('25/25/2026', COMMA_CONTEXT)).toMatchObject({ error: expect.stringContaining('must be a date yyyy-mm-dd') as unknown });
    expect(parseDate('Christmas', COMMA_CONTEXT)).toBeUndefined();
    expect(parseDate('2026/12-25', COMMA_CONTEXT)).toBeUndefined();
  });

  it('reads the date columns in those forms and writes them back as ISO', () => {
    const close = columnOf('specific_hours.close');
    const open = columnOf('specific_hours.open');
    const opening = columnOf('opening_date');
    expect(readCell(close, '24/12/2026..26/12/2026|01/01/2027', COMMA_CONTEXT)).toEqual({
      value: [
        { starts_at: '2026-12-24', ends_at: '2026-12-26' },
        { starts_at: '2027-01-01', ends_at: '2027-01-01' },
      ],
    });
    expect(readCell(open, '24/12/2026 07:00-13:00', COMMA_CONTEXT)).toEqual({ value: [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: ['07:00-13:00'] }] });
    expect(readCell(opening, '01/04/2019', COMMA_CONTEXT)).toEqual({ value: '2019-04-01' });
    // Dashes for slashes, as Dutch sheets write dates, in specific hours as in opening_date; a dash between two still makes a range.
    expect(readCell(close, '24-12-2026 - 26-12-2026|1-1-2027', COMMA_CONTEXT)).toEqual({
      value: [
        { starts_at: '2026-12-24', ends_at: '2026-12-26' },
        { starts_at: '2027-01-01', ends_at: '2027-01-01' },
      ],
    });
    expect(readCell(open, '24-12-2026 07:00-13:00', COMMA_CONTEXT)).toEqual({ value: [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: ['07:00-13:00'] }] });
    expect(readCell(opening, '43556', DOT_CONTEXT)).toEqual({ value: '2019-04-01' });
    expect(readCell(close, '2026/12/24..2026/12/26|2027/1/1', DOT_CONTEXT)).toEqual({
      value: [
        { starts_at: '2026-12-24', ends_at: '2026-12-26' },
        { starts_at: '2027-01-01', ends_at: '2027-01-01' },
      ],
    });
    expect(readCell(opening, '2019/13/01', DOT_CONTEXT)).toMatchObject({ errors: [expect.stringContaining('opening_date') as unknown] });
    expect(readCell(close, '05/06/2026', DOT_CONTEXT)).toEqual({
      errors: ["specific_hours.close: could be dd/mm/yyyy or mm/dd/yyyy; write it yyyy-mm-dd, or give --date-format, got '05/06/2026'"],
    });
    expect(formatCell(close, [{ starts_at: '2026-12-24', ends_at: '2026-12-26' }], COMMA_CONTEXT)).toBe('2026-12-24..2026-12-26');
    expect(formatCell(opening, '2019-04-01', COMMA_CONTEXT)).toBe('2019-04-01');
  });

  it.each([
    ['8/6/2019', '2019-08-06', 'mm/dd/yyyy'],
    ['08/06/2019', '2019-06-08', 'dd/mm/yyyy'],
    ['12/25/2026|1/2/2027', '2026-12-25|2027-01-02', 'mm/dd/yyyy'],
    ['1/2/2027 09:00-12:00', '2027-02-01 09:00-12:00', 'dd/mm/yyyy'],
  ])('finds the one order that reads %s as %s', (cell, known, order) => {
    expect(findDateOrder(cell, known)).toBe(order);
  });

  it.each([
    // No date that reads either way: the column reads it on its own.
    ['7/29/2023', '2023-07-29'],
    ['5/5/2020', '2020-05-05'],
    // Neither order gives the known date: a change.
    ['8/6/2019', '2019-08-07'],
    ['8/6/2019', ''],
  ])('finds no order for %s against %s', (cell, known) => {
    expect(findDateOrder(cell, known)).toBeUndefined();
  });
});
