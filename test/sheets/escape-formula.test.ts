import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeFormula, unescapeFormula } from '../../src/sheets/index.js';

describe('formula escaping', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['＝1', "'＝1"],
    ["'quoted", "''quoted"],
    ['plain', 'plain'],
    ['', ''],
    [' =1', ' =1'],
  ])('writes %j as %j', (text, escaped) => {
    expect(escapeFormula(text)).toBe(escaped);
    expect(unescapeFormula(escaped)).toBe(text);
  });

  it('is undone exactly by the readers, and never leaves a formula start', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeFormula(text);
        expect(unescapeFormula(escaped)).toBe(text);
        expect(['=', '+', '-', '@', '\t', '\r']).not.toContain(escaped.charAt(0));
      }),
    );
  });
});
