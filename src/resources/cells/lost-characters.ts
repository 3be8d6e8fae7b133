import iconv from 'iconv-lite';
import { nameCodePage, type CodePage } from '../../sheets/index.js';
import { quoteCell } from './read-cell.js';

const ASCII = /^[\t\n\r -~]*$/;
// `?` before a letter: how a code page writes a character it lacks (`Gda?sk`); a URL's query is no such thing.
const LOST_CHARACTER = /\?\p{L}/u;

/** What a file in a code page did to a known value it lacks characters of. */
export interface CodePageLoss {
  /** Whether the cell is the known value as saved: each character lost a `?`, an `_` or the nearest letter. */
  saved: boolean;
  /** How many characters of the value the code page lacks. */
  count: number;
  /** `the file is in Windows-1252, which lacks 2 characters of <whose> (U+0141, U+017A)`. */
  missing: string;
}

/**
 * How a cell from a file in `codePage` stands to a known value (the row's `_base`, or the business
 * as read); undefined when the code page has every character of it. `whose` names the value in words.
 */
export function compareWithCodePage(cell: string, known: string, codePage: CodePage, whose: string): CodePageLoss | undefined {
  const lost = findLostCharacters(known, codePage);
  if (lost.length === 0) return undefined;
  const count = lost.length === 1 ? 'a character' : `${lost.length} characters`;
  // Code points, not the characters: the report of such a file is in its code page too.
  const missing = `the file is in ${nameCodePage(codePage)}, which lacks ${count} of ${whose} (${lost.map(toCodePoint).join(', ')})`;
  return { saved: isSavedWithout(cell, known, lost), count: lost.length, missing };
}

/** Why a new value from a file in `codePage` was most likely typed with characters it lacks; undefined when nothing shows it. */
export function describeLostCharacterMark(header: string, value: string, codePage: CodePage): string | undefined {
  if (!LOST_CHARACTER.test(value) || value.includes('://')) return undefined;
  return `${header}: holds ? before a letter, as a file in ${nameCodePage(codePage)} writes a character it lacks; type the value again and save the file as CSV UTF-8, got ${quoteCell(value)}`;
}

/** The characters of a text that a code page has no byte for, each once. */
function findLostCharacters(text: string, codePage: CodePage): string[] {
  if (ASCII.test(text)) return [];
  const lost = new Set<string>();
  for (const char of text) {
    if (iconv.decode(iconv.encode(char, codePage), codePage) !== char) lost.add(char);
  }
  return [...lost];
}

/** Whether a cell is `known` with each character of `lost` one character, and an emoji one or two of them. */
function isSavedWithout(cell: string, known: string, lost: readonly string[]): boolean {
  // Only the syntax characters and `/` may be escaped in a `u` pattern: `\-` is an error there.
  const pattern = Array.from(known).map((char) => (lost.includes(char) ? (char.length > 1 ? '.{1,2}' : '.') : char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')));
  return new RegExp(`^${pattern.join('')}$`, 'su').test(cell);
}

function toCodePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
