import { describe, expect, it } from 'vitest';
import { toColumnLetter } from '../../src/sheets/layout/column-letter.js';
import { convertExcelSerial, formatExcelDate } from '../../src/sheets/xlsx/cells/format-excel-date.js';
import { formatExcelNumber, isDateFormat } from '../../src/sheets/xlsx/cells/format-excel-number.js';

describe('numbers as displayed', () => {
  it.each([
    [75001, undefined, '75001'],
    [4.5, undefined, '4.5'],
    [0.1 + 0.2, undefined, '0.3'],
    [-1.55, '0.00', '-1.55'],
    [6000, '00000', '06000'],
    [1, '"TRUE";"TRUE";"FALSE"', true],
    [0, '"TRUE";"TRUE";"FALSE"', false],
    [45366, 'yyyy-mm-dd', '2024-03-15'],
    [45366.3958333333, 'dd/mm/yyyy hh:mm', '2024-03-15T09:30:00'],
    [0.572916666666667, 'hh:mm', '13:45:00'],
    // Day 0 of the 1904 date system is 1904-01-01: a time alone, there too.
    [0.572916666666667, 'hh:mm', '13:45:00', true],
    [1001, 'yyyy-mm-dd', '1902-09-27'],
    [43904, 'yyyy-mm-dd', '2024-03-15', true],
    // 15 digits are whole; Excel keeps no more, so a longer whole number shows as it does.
    [59147412500012, undefined, '59147412500012'],
    [999999999999999, undefined, '999999999999999'],
    [1234567890123456, undefined, '1.23457E+15'],
    [-4.5e20, undefined, '-4.5E+20'],
  ])('shows %d formatted %j as %j', (value, numFmt, shown, date1904 = false) => {
    expect(formatExcelNumber(value, numFmt, date1904)).toBe(shown);
  });

  it.each([
    ['yyyy\\-mm\\-dd', true],
    ['[$-40C]D MMMM YYYY', true],
    ['[h]:mm:ss', true],
    ['General', false],
    ['#,##0.00 "days"', false],
    ['0.00E+00', false],
    ['[Red]-0', false],
    ['@', false],
  ])('tells that %j is a date format: %s', (numFmt, isDate) => {
    expect(isDateFormat(numFmt)).toBe(isDate);
  });

  it('rounds dates to the second', () => {
    expect(formatExcelDate(new Date(Date.UTC(2024, 2, 15, 10, 29, 59, 999)), false)).toBe('2024-03-15T10:30:00');
    expect(formatExcelDate(convertExcelSerial(45366.4375, false), false)).toBe('2024-03-15T10:30:00');
  });
});

describe('column letters', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('names column %d %s', (index, letter) => {
    expect(toColumnLetter(index)).toBe(letter);
  });
});
