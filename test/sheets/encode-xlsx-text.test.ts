import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeXlsxText, encodeXlsxText } from '../../src/sheets/xlsx/encode-xlsx-text.js';

// Characters XML 1.0 cannot hold, plus CR which XML turns into LF, and DEL which exceljs drops.
const UNSAFE = /[\0-\x08\x0B-\x1F\x7F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/; // eslint-disable-line no-control-regex -- the characters under test

describe('XLSX text escaping', () => {
  it.each([
    ['a\r\nb', 'a_x000D_\nb'],
    ['\u0001', '_x0001_'],
    ['_x0041_', '_x005F_x0041_'],
    ['Fish &amp; Chips', 'Fish _x0026_amp; Chips'],
    ['AT&T; R&D', 'AT&T; R&D'],
    ['\uD800x', '_xD800_x'],
    ['😀 é', '😀 é'],
  ])('encodes %j as %j', (text, encoded) => {
    expect(encodeXlsxText(text)).toBe(encoded);
    expect(decodeXlsxText(encoded)).toBe(text);
  });

  it('round-trips any string and leaves nothing XML cannot carry', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const encoded = encodeXlsxText(text);
        expect(decodeXlsxText(encoded)).toBe(text);
        expect(UNSAFE.test(encoded)).toBe(false);
      }),
    );
  });
});
