import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeFormula, unescapeFormula } from '../../src/sheets/index.js';

describe('formula escaping', () => {
  it.each([
    ['=1+1', "'=1+1", "'=1+1"],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78", '+33 6 12 34 56 78'],
    ['-5', "'-5", '-5'],
    ['-2+3+cmd|x', "'-2+3+cmd|x", "'-2+3+cmd|x"],
    ['+SUM(A1)', "'+SUM(A1)", "'+SUM(A1)"],
    ['@SUM(A1)', "'@SUM(A1)", "'@SUM(A1)"],
    ['\t=1', "'\t=1", "'\t=1"],
    ['\r=1', "'\r=1", "'\r=1"],
    ['＝1', "'＝1", "'＝1"],
    ["'quoted", "''quoted", "''quoted"],
    ['plain', 'plain', 'plain'],
    ['', '', ''],
    [' =1', ' =1', ' =1'],
  ])('writes %j as %j in CSV and %j in XLSX', (text, csv, xlsx) => {
    expect(escapeFormula(text, 'csv')).toBe(csv);
    expect(unescapeFormula(csv, 'csv')).toBe(text);
    expect(escapeFormula(text, 'xlsx')).toBe(xlsx);
    expect(unescapeFormula(xlsx, 'xlsx')).toBe(text);
  });

  it('keeps a leading quote the writer did not add', () => {
    expect(unescapeFormula("'hello", 'csv')).toBe("'hello");
    expect(unescapeFormula("'+33 6", 'xlsx')).toBe("'+33 6");
  });

  it.each(['csv', 'xlsx'] as const)('is undone exactly by the %s reader, and never leaves a formula start', (rule) => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeFormula(text, rule);
        expect(unescapeFormula(escaped, rule)).toBe(text);
        if (rule === 'csv' || !/^[+-][\d\s().]*$/.test(text)) expect(['=', '+', '-', '@', '\t', '\r']).not.toContain(escaped.charAt(0));
      }),
    );
  });
});
