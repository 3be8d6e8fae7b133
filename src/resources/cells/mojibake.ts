import iconv from 'iconv-lite';
import { quoteCell } from './read-cell.js';

/** Text whose UTF-8 a spreadsheet read in a code page, and what it was. */
export interface Mojibake {
  text: string;
  codePage: string;
}

const HIGH = 0x80;
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const NOT_ASCII = /[^\u0020-\u007E\t\r\n]/;

/** Each character of a code page's high half, and its byte. */
function byteOf(encoding: string, undefinedBytesAsControls: boolean): Map<string, number> {
  return new Map(
    Array.from({ length: 256 - HIGH }, (_, index) => {
      const char = iconv.decode(Buffer.from([HIGH + index]), encoding);
      return [char === '\uFFFD' && undefinedBytesAsControls ? String.fromCharCode(HIGH + index) : char, HIGH + index];
    }),
  );
}

// Windows reads the five bytes Windows-1252 leaves undefined as the control characters of the same number.
const CODE_PAGES = [
  { codePage: 'Windows-1252', bytes: byteOf('windows-1252', true) },
  // Excel for Mac opens a CSV without a byte order mark in Mac OS Roman (`Cr√™perie`).
  { codePage: 'Mac OS Roman', bytes: byteOf('macintosh', false) },
];

/**
 * The text a cell held before its UTF-8 was read in Windows-1252 or Mac OS Roman and saved again
 * as UTF-8, as a spreadsheet does to a CSV without a byte order mark (`CrÃªperie` for `Crêperie`);
 * undefined for a cell that shows no such thing: all its characters, as bytes of that code page,
 * must be UTF-8 with an accent.
 */
export function undoMojibake(text: string): Mojibake | undefined {
  if (!NOT_ASCII.test(text)) return undefined;
  for (const { codePage, bytes } of CODE_PAGES) {
    const undone = decodeAs(text, bytes);
    if (undone !== undefined && undone !== text && NOT_ASCII.test(undone)) return { text: undone, codePage };
  }
  return undefined;
}

function decodeAs(text: string, bytesOf: ReadonlyMap<string, number>): string | undefined {
  const bytes: number[] = [];
  for (const char of text) {
    const byte = char < '\u0080' ? char.charCodeAt(0) : bytesOf.get(char);
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
export function describeMojibake(header: string, cell: string, undone: Mojibake): string {
  return `${header}: holds UTF-8 read as ${undone.codePage} (${quoteCell(cell)} for ${quoteCell(undone.text)}), as when a spreadsheet opens a CSV without a byte order mark and saves it again; type the value again, or import the file it came from`;
}

/** Why a garbled cell reads as the value it stands for. */
export function describeUndone(undone: Mojibake): string {
  return `its UTF-8 had been read as ${undone.codePage} and saved again`;
}
