import { describe, expect, it } from 'vitest';
import { isScientificNumber, restoreRoundedDecimal, restoreSpreadsheetNumber } from '../../src/resources/cells/spreadsheet-number.js';

describe('restoreSpreadsheetNumber', () => {
  it.each([
    ['1', '000001', 'dropped the leading zeros'],
    ['33354559376', '+33354559376', 'dropped the +'],
    ['5.91474E+13', '59147412500012', 'rounded it to scientific notation'],
    ['5,91474E+13', '59147412500012', 'rounded it to scientific notation'],
    // Excel leaves out the mantissa's trailing zeros: 4.11820 shows as 4.1182.
    ['4.1182E+13', '41181968100012', 'rounded it to scientific notation'],
    ['1.23457E+11', '000123456789012', 'rounded it to scientific notation'],
    ['4.47911e+011', '+447911123456', 'rounded it to scientific notation'],
  ])('reads %s as %s', (cell, known, how) => {
    expect(restoreSpreadsheetNumber(cell, known)).toEqual({ value: known, how });
  });

  it.each([
    ['000001', '000001'],
    ['2', '000001'],
    ['5.91475E+13', '59147412500012'],
    ['5.91474E+12', '59147412500012'],
    ['1', 'A-000001'],
    ['0', '000'],
    ['1', undefined],
  ])('leaves %s alone when the known value is %s', (cell, known) => {
    expect(restoreSpreadsheetNumber(cell, known)).toBeUndefined();
  });

  it('tells a rounded number from text that only looks alike', () => {
    expect(['5.91474E+13', '1E+12', ' 5,9E+13 '].map(isScientificNumber)).toEqual([true, true, true]);
    expect(['5.91474E-13', 'E+13', '59147412500012', 'Room 5E+1A'].map(isScientificNumber)).toEqual([false, false, false, false]);
  });
});

describe('restoreRoundedDecimal', () => {
  it.each([
    ['-122.419416', '-122.4194155', 'rounded it to 6 decimals'],
    ['-122,419416', '-122.4194155', 'rounded it to 6 decimals'],
    ['48.8566', '48.85661400', 'rounded it to 4 decimals'],
    ['2.35222', '2.352219', 'rounded it to 5 decimals'],
  ])('reads %s as %s', (cell, known, how) => {
    expect(restoreRoundedDecimal(cell, known)).toEqual({ value: known, how });
  });

  it.each([
    // A person's rounding, and a real change.
    ['41.93', '41.932555'],
    ['-122.419417', '-122.4194155'],
    ['48.8567', '48.85661400'],
    ['41.932555', '41.932555'],
    ['41.9325551', '41.932555'],
    ['41', '41.932555'],
  ])('leaves %s alone when the known value is %s', (cell, known) => {
    expect(restoreRoundedDecimal(cell, known)).toBeUndefined();
  });
});
