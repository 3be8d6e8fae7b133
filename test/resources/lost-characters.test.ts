import { describe, expect, it } from 'vitest';
import { findLostCharacters, isSavedWithout } from '../../src/resources/cells/lost-characters.js';

describe('characters a Windows-1252 file lost', () => {
  it('finds those Windows-1252 lacks, each once, and none of those it has', () => {
    expect(findLostCharacters('Łódź, Łask 🥐', 'windows-1252')).toEqual(['Ł', 'ź', '🥐']);
    expect(findLostCharacters('Crêperie l’Étoile – 5 €, œufs', 'windows-1252')).toEqual([]);
  });

  it('reads a cell as the value it was saved from: each lost character a ?, its nearest letter, or two ? for an emoji', () => {
    const known = 'Łódź (a+b) 🥐';
    const lost = findLostCharacters(known, 'windows-1252');
    expect(['?ód? (a+b) ??', 'Lódz (a+b) ?', '?ód? (a+b) ?'].map((cell) => isSavedWithout(cell, known, lost))).toEqual([true, true, true]);
    expect(['?ód? (a+b) ??!', 'Lodz (a+b) ??', '?ód? (ab) ??', ''].map((cell) => isSavedWithout(cell, known, lost))).toEqual([false, false, false, false]);
  });
});
