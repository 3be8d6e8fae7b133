import { describe, expect, it } from 'vitest';
import { countOf } from '../../src/cli/count-of.js';

describe('countOf', () => {
  it.each([
    [0, 'request', '0 requests'],
    [1, 'request', '1 request'],
    [2, 'row', '2 rows'],
    [12_345, 'write', '12,345 writes'],
  ])('%i %s: %s', (count, noun, said) => {
    expect(countOf(count, noun)).toBe(said);
  });
});
