import iconv from 'iconv-lite';
import { nameCodePage, type CodePage } from '../../sheets/index.js';
import { quoteCell } from './read-cell.js';

const ASCII = /^[\t\n\r -~]*$/;

/** The characters of a text that a code page has no byte for, each once: a file saved in it lost them. */
export function findLostCharacters(text: string, codePage: CodePage): string[] {
  if (ASCII.test(text)) return [];
  const lost = new Set<string>();
  for (const char of text) {
    if (iconv.decode(iconv.encode(char, codePage), codePage) !== char) lost.add(char);
  }
  return [...lost];
}

/**
 * Whether a cell is `known` as a spreadsheet saved it in a code page: each character of `lost` a
 * question mark, an underscore or the nearest letter (`Ł` as `L`), and an emoji one or two of them.
 */
export function isSavedWithout(cell: string, known: string, lost: readonly string[]): boolean {
  const pattern = Array.from(known).map((char) => (lost.includes(char) ? (char.length > 1 ? '.{1,2}' : '.') : char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')));
  return new RegExp(`^${pattern.join('')}$`, 'su').test(cell);
}

// `?` before a letter: how a code page writes a character it lacks (`Gda?sk`); a URL's query is no such thing.
const LOST_CHARACTER = /\?\p{L}/u;

/** Why a new value from a file in `codePage` was most likely typed with characters it lacks; undefined when nothing shows it. */
export function describeLostCharacterMark(header: string, value: string, codePage: CodePage): string | undefined {
  if (!LOST_CHARACTER.test(value) || value.includes('://')) return undefined;
  return `${header}: holds ? before a letter, as a file in ${nameCodePage(codePage)} writes a character it lacks; type the value again and save the file as CSV UTF-8, got ${quoteCell(value)}`;
}
