/** Spreadsheet column letter for a 0-based index: 0 -> A, 25 -> Z, 26 -> AA. */
export function toColumnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** The 0-based index of a spreadsheet column letter: A -> 0, AA -> 26. */
export function fromColumnLetter(letters: string): number {
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + letter.charCodeAt(0) - 64;
  return index - 1;
}
