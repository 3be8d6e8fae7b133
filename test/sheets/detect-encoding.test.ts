import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Utf8Check } from '../../src/sheets/text/detect-encoding.js';

function decodesAsUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

describe('checking UTF-8 chunk by chunk', () => {
  it('agrees with a strict decoder on the whole bytes, however they are cut', () => {
    // Pieces of valid characters, and bytes that break them: cut sequences, stray continuations, Windows-1252.
    const piece = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'é', '€', '東', '😀', '\n'), maxLength: 6 }).map((text) => [...Buffer.from(text)]),
      fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (pieces, places) => {
        const bytes = Uint8Array.from(pieces.flat());
        const ends = [...new Set(places.map((place) => place % (bytes.length + 1)))].sort((a, b) => a - b);
        const check = new Utf8Check();
        for (const [index, end] of [...ends, bytes.length].entries()) check.push(bytes.subarray(index === 0 ? 0 : ends[index - 1], end));
        expect(check.end()).toBe(decodesAsUtf8(bytes));
      }),
      { numRuns: 3000 },
    );
  });
});
