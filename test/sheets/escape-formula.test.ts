import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeFormula, unescapeFormula } from '../../src/sheets/index.js';

/** What a spreadsheet runs in a CSV cell: a text starting with a trigger. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A sign and a number: read as that number, never run. */
const PLAIN_NUMBER = /^[+\-\uFF0B\uFF0D](?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;

describe('formula escaping', () => {
  it.each([
    ['=1+1', "'=1+1", '=1+1'],
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")', '=HYPERLINK("http://x","y")'],
    ['@x', "'@x", '@x'],
    ['+A1', "'+A1", '+A1'],
    ['-2+3', "'-2+3", '-2+3'],
    ['-2+3+cmd|x', "'-2+3+cmd|x", '-2+3+cmd|x'],
    ['+SUM(A1)', "'+SUM(A1)", '+SUM(A1)'],
    ['\t=1', "'\t=1", '\t=1'],
    ['\r=1', "'\r=1", '\r=1'],
    ['＝1', "'＝1", '＝1'],
    ['-', "'-", '-'],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78", '+33 6 12 34 56 78'],
    // Plain numbers and E.164 phones are data: never quoted.
    ['+4722334455', '+4722334455', '+4722334455'],
    ['-0.566918', '-0.566918', '-0.566918'],
    ['-0,566918', '-0,566918', '-0,566918'],
    ['-5', '-5', '-5'],
    ['+1e5', '+1e5', '+1e5'],
    // A quote that would read as the writer's gets one more, in both formats.
    ["'=1+1", "''=1+1", "''=1+1"],
    ["''=1", "'''=1", "'''=1"],
    ["'-0.5", "''-0.5", "''-0.5"],
    // Any other leading quote is the text's own.
    ["'quoted", "'quoted", "'quoted"],
    ['plain', 'plain', 'plain'],
    ['', '', ''],
    [' =1', ' =1', ' =1'],
  ])('writes %j as %j in CSV and %j in XLSX', (text, csv, xlsx) => {
    expect(escapeFormula(text, 'csv')).toBe(csv);
    expect(unescapeFormula(csv)).toBe(text);
    expect(escapeFormula(text, 'xlsx')).toBe(xlsx);
    expect(unescapeFormula(xlsx)).toBe(text);
  });

  it('keeps a leading quote the writer did not add', () => {
    expect(unescapeFormula("'hello")).toBe("'hello");
    expect(unescapeFormula("' =1")).toBe("' =1");
  });

  it('reads the quotes earlier versions wrote (CSV phones and longitudes, XLSX formulas) as theirs', () => {
    expect(unescapeFormula("'+33612345678")).toBe('+33612345678');
    expect(unescapeFormula("'-0.566918")).toBe('-0.566918');
    expect(unescapeFormula("'=HYPERLINK(\"x\")")).toBe('=HYPERLINK("x")');
  });

  it.each(['csv', 'xlsx'] as const)('is undone exactly by the reader (%s)', (rule) => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^'*[=+\-@]?[\d.,e+-]*$/)), (text) => {
        expect(unescapeFormula(escapeFormula(text, rule))).toBe(text);
      }),
    );
  });

  it('leaves no formula start in CSV but a plain number, and changes no XLSX text that reads back the same', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^'*[=+\-@]?[\d.,e+-]*$/)), (text) => {
        const csv = escapeFormula(text, 'csv');
        if (FORMULA_START.test(csv)) expect(csv).toMatch(PLAIN_NUMBER);
        if (unescapeFormula(text) === text) expect(escapeFormula(text, 'xlsx')).toBe(text);
      }),
    );
  });
});
