import iconv from 'iconv-lite';
import { quoteCell } from './read-cell.js';

const HIGH = 0x80;
// Windows-1252 as Windows reads it: the five bytes it leaves undefined stand for the control characters of the same number.
const BYTE_OF = new Map<string, number>(
  Array.from({ length: 256 - HIGH }, (_, index) => {
    const char = iconv.decode(Buffer.from([HIGH + index]), 'windows-1252');
    return [char === '\uFFFD' ? String.fromCharCode(HIGH + index) : char, HIGH + index];
  }),
);
const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** The first byte of a UTF-8 character as Windows-1252 shows it (`Ã` for `é`), then one of its other bytes. */
const GARBLED = /[\u00C2-\u00F4][\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201A\u201C-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]/;

/**
 * The text a cell held before its UTF-8 was read as Windows-1252 and saved again as UTF-8, as a
 * spreadsheet does to a CSV without a byte order mark (`CrÃªperie` for `Crêperie`); undefined for
 * a cell that shows no such thing.
 */
export function undoMojibake(text: string): string | undefined {
  if (!GARBLED.test(text)) return undefined;
  const bytes: number[] = [];
  for (const char of text) {
    const byte = char < '\u0080' ? char.charCodeAt(0) : BYTE_OF.get(char);
    if (byte === undefined) return undefined;
    bytes.push(byte);
  }
  try {
    return UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/** Why a cell whose accents were garbled so is not sent. */
export function describeMojibake(header: string, cell: string, text: string): string {
  return `${header}: holds UTF-8 read as Windows-1252 (${quoteCell(cell)} for ${quoteCell(text)}), as when a spreadsheet opens a CSV without a byte order mark and saves it again; type the value again, or import the file it came from`;
}
