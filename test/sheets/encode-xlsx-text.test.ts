import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeXlsxText, encodeXlsxText } from '../../src/sheets/xlsx/cells/encode-xlsx-text.js';

// Characters XML 1.0 cannot hold, plus CR which XML turns into LF, and DEL which exceljs drops.
const UNSAFE = /[\0-\x08\x0B-\x1F\x7F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/; // eslint-disable-line no-control-regex -- the characters under test

describe('XLSX text escaping', () => {
  it.each([
    ['a\r\nb', 'a_x000D_\nb'],
    ['\u0001', '_x0001_'],
    ['_x0041_', '_x005F_x0041_'],
    // LibreOffice decodes one to four hex digits in an inline string: _xC_ would come back a form feed.
    ['yJ4_xC_EWZ', 'yJ4_x005F_xC_EWZ'],
    ['_x1_ and _xab_', '_x005F_x1_ and _x005F_xab_'],
    ['_x12345_ _xG_ _x_', '_x12345_ _xG_ _x_'],
    ['Fish &amp; Chips', 'Fish &amp; Chips'],
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
        // Every escape a reader may decode is one the writer meant: a literal one has its underscore escaped.
        expect(encoded.replaceAll(/_x[0-9A-Fa-f]{4}_/g, '')).not.toMatch(/_x[0-9A-Fa-f]{1,4}_/);
      }),
    );
  });
});
