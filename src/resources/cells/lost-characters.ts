import iconv from 'iconv-lite';

const ASCII = /^[\t\n\r -~]*$/;

/** The characters of a text that Windows-1252 has no byte for, each once: a file saved in it lost them. */
export function findLostCharacters(text: string): string[] {
  if (ASCII.test(text)) return [];
  const lost = new Set<string>();
  for (const char of text) {
    if (iconv.decode(iconv.encode(char, 'windows-1252'), 'windows-1252') !== char) lost.add(char);
  }
  return [...lost];
}

/**
 * Whether a cell is `known` as a spreadsheet saved it in Windows-1252: each character of `lost` a
 * question mark, or the nearest letter (`Ł` as `L`), and an emoji one or two of them.
 */
export function isSavedWithout(cell: string, known: string, lost: readonly string[]): boolean {
  const pattern = Array.from(known).map((char) => (lost.includes(char) ? (char.length > 1 ? '.{1,2}' : '.') : char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')));
  return new RegExp(`^${pattern.join('')}$`, 'su').test(cell);
}
