import { assertTextHead } from '../text/assert-text-head.js';
import { EncodingVote } from '../text/encoding-vote.js';
import { SheetError } from '../sheet-error.js';
import { readBomEncoding, Utf8Check, type TextEncoding } from '../text/detect-encoding.js';
import { readFileRange, type FileRef } from './read-file-chunks.js';

/** The start of a file that the binary check and the delimiter look at. */
export const HEAD_BYTES = 65_536;

// Checking and hashing a file runs a third faster in chunks of 1 MiB than of 64 KiB.
const SCAN_CHUNK_BYTES = 1_048_576;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export interface TextFileScan {
  /** The first HEAD_BYTES of the file, or the whole of a shorter one. */
  head: Buffer;
  /**
   * From a byte order mark, else UTF-8 when every byte decodes as UTF-8 (one accented name far
   * down would be garbled by a guess from a sample), else the code page of Excel's plain CSV:
   * Windows-1252, or Mac OS Roman when its accented letters show it, or UTF-8 still when it
   * mostly is (encoding-vote.ts).
   */
  encoding: TextEncoding;
  /** UTF-8 but for a few bytes of another encoding (files joined together): those read as U+FFFD. */
  strayBytes: boolean;
  /** Whether the file starts with a byte order mark. */
  bom: boolean;
  /** Its line breaks, and one more for a last line without one: a break inside a quoted cell counts too. */
  lines: number;
  /** Whether its last line ends with a line break, as every line a program writes does: one that does not may be cut short. */
  endsWithLineBreak: boolean;
}

/**
 * What the bytes of a text file tell, in one pass: refused when its head looks binary; its
 * encoding; its lines, for an estimate of its rows. The pass reads the file whole from its start,
 * so a SourceFile's hash (file-hash.ts) is taken on the way.
 */
export async function scanTextFile(file: FileRef): Promise<TextFileScan> {
  let utf8: Utf8Check | undefined;
  // Counted once the bytes are known not to be UTF-8: a UTF-8 file costs nothing more.
  let vote: EncodingVote | undefined;
  let head: Buffer | undefined;
  let bomEncoding: TextEncoding | undefined;
  let lines = 0;
  // The last two bytes: a UTF-16 line break is two, 0a 00 or 00 0a.
  let previous = NEWLINE;
  let last = NEWLINE;
  for await (const chunk of readFileRange(file, { chunkBytes: SCAN_CHUNK_BYTES, reuse: true })) {
    if (head === undefined) {
      // A copy: the next chunk is read into the same buffer.
      head = Buffer.from(chunk.subarray(0, HEAD_BYTES));
      assertTextHead(head, file.path);
      bomEncoding = readBomEncoding(head);
      if (bomEncoding === undefined) utf8 = new Utf8Check();
    }
    utf8?.push(chunk);
    if (utf8?.valid === false) {
      vote ??= new EncodingVote();
      vote.push(chunk);
    }
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
    if (chunk.length > 0) [previous, last] = [chunk.at(-2) ?? last, chunk.at(-1) ?? last];
  }
  head ??= Buffer.alloc(0);
  const valid = utf8 === undefined || utf8.end();
  const encoding = bomEncoding ?? (valid ? 'utf-8' : (vote?.encoding ?? 'windows-1252'));
  if (vote?.inOtherCodePage === true) {
    throw new SheetError(
      `read ${file.path}`,
      'it is not in UTF-8, Windows-1252 nor Mac OS Roman: its bytes look like another code page (MS-DOS, Central European, Cyrillic, Greek, Japanese, Chinese, Korean…), whose letters would be read wrong',
      'Save it as CSV UTF-8 (in Excel: Save As, CSV UTF-8).',
    );
  }
  const endsWithLineBreak = isLineBreak(encoding === 'utf-16le' ? previous : last);
  return { head, encoding, strayBytes: !valid && encoding === 'utf-8', bom: bomEncoding !== undefined, lines: endsWithLineBreak ? lines : lines + 1, endsWithLineBreak };
}

function isLineBreak(byte: number): boolean {
  return byte === NEWLINE || byte === CARRIAGE_RETURN;
}
