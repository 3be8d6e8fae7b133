import { describe, expect, it } from 'vitest';
import { compareWithCodePage } from '../../src/resources/cells/lost-characters.js';

describe('characters a Windows-1252 file lost', () => {
  it('names those Windows-1252 lacks, each once, by code point, and none of those it has', () => {
    expect(compareWithCodePage('', 'Łódź, Łask 🥐', 'windows-1252', 'it')).toMatchObject({
      count: 3,
      missing: 'the file is in Windows-1252, which lacks 3 characters of it (U+0141, U+017A, U+1F950)',
    });
    expect(compareWithCodePage('', 'Crêperie l’Étoile – 5 €, œufs', 'windows-1252', 'it')).toBeUndefined();
    expect(compareWithCodePage('', 'Café', 'macintosh', 'the value exported')).toBeUndefined();
  });

  it('reads a cell as the value it was saved from: each lost character a ?, its nearest letter, or two ? for an emoji', () => {
    const saved = (cell: string): boolean | undefined => compareWithCodePage(cell, 'Łódź (a+b) 🥐', 'windows-1252', 'it')?.saved;
    expect(['?ód? (a+b) ??', 'Lódz (a+b) ?', '?ód? (a+b) ?'].map(saved)).toEqual([true, true, true]);
    expect(['?ód? (a+b) ??!', 'Lodz (a+b) ??', '?ód? (ab) ??', ''].map(saved)).toEqual([false, false, false, false]);
  });

  it('reads a value with dashes and slashes as any other (a zip code, an address)', () => {
    expect(compareWithCodePage('??2-21-1 a/b', '渋谷2-21-1 a/b', 'windows-1252', 'it')?.saved).toBe(true);
    expect(compareWithCodePage('??2-21-2 a/b', '渋谷2-21-1 a/b', 'windows-1252', 'it')?.saved).toBe(false);
  });
});
