import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../../src/sheets/csv/detect-delimiter.js';

describe('delimiter detection', () => {
  it.each([
    ['comma', 'a,b,c\n1,2,3\n', ','],
    ['semicolon with decimal commas', 'nom;prix;note\nCafé;2,50;4,5\nThé;3,10;4\n', ';'],
    ['tab', 'a\tb\n1\t2\n', '\t'],
    ['pipe', 'a|b|c\n1|2|3\n', '|'],
    ['delimiters inside quotes', '"a;b","c;d",e\n"1;2","3;4",5\n', ','],
    ['a header with commas in names', 'name;address, line 1;zip\nx;y, z;1\n', ';'],
    ['the most regular one', 'a,b;c\n1,2;3\n4,5,6;7\n', ';'],
    ['one column with commas in values', 'name\nDupont, père\nMartin\n', ';'],
    ['an empty file', '', ','],
  ])('finds %s', (_case, sample, delimiter) => {
    expect(detectDelimiter(sample, true)).toBe(delimiter);
  });

  it('ignores a record cut by the end of the sample', () => {
    expect(detectDelimiter('a;b\n1;2\n3,4,5', false)).toBe(';');
  });
});
