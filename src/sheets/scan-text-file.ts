import { createHash } from 'node:crypto';
import { assertTextHead } from './assert-text-head.js';
import { readBomEncoding, Utf8Check, type TextEncoding } from './detect-encoding.js';
import { readFileBytes } from './read-file-bytes.js';
import { readFileChunks } from './read-file-chunks.js';

/** The start of a file that the binary check and the delimiter look at, read once: the parse starts from it. */
export const HEAD_BYTES = 65_536;

// Hashing and checking a file runs a third faster in chunks of 1 MiB than of 64 KiB.
const SCAN_CHUNK_BYTES = 1_048_576;

export interface TextHead {
  /** The first HEAD_BYTES of the file, or the whole of a shorter one. */
  head: Buffer;
  /**
   * From a byte order mark, else UTF-8 while the head decodes as UTF-8 (a guess the rest of the
   * file confirms), else Windows-1252, which French Excel writes.
   */
  encoding: TextEncoding;
  /** Whether the head settles the encoding: a byte order mark, or bytes that are not UTF-8. */
  certain: boolean;
  /** Whether the file starts with a byte order mark. */
  bom: boolean;
}

export interface TextFileScan extends TextHead {
  /** The file's SHA-256, when asked for. */
  sha256?: string;
}

/** The head of a text file, refused when it looks binary, and the encoding it tells. */
export async function readTextHead(path: string): Promise<TextHead> {
  const bytes = await readFileBytes(path, 0, HEAD_BYTES);
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  assertTextHead(head, path);
  const bomEncoding = readBomEncoding(head);
  if (bomEncoding !== undefined) return { head, encoding: bomEncoding, certain: true, bom: true };
  const utf8 = new Utf8Check();
  utf8.push(head);
  const valid = head.length < HEAD_BYTES ? utf8.end() : utf8.valid;
  return { head, encoding: valid ? 'utf-8' : 'windows-1252', certain: !valid || head.length < HEAD_BYTES, bom: false };
}

/**
 * What the rest of a file tells, in one read: whether every byte of a file whose head looked like
 * UTF-8 decodes as UTF-8 (one accented name far down would be garbled by a guess from a sample),
 * and, in the same pass, the SHA-256 that a resumed import compares before any request. A file
 * whose head settles the encoding is read no further unless the hash is asked for.
 */
export async function scanTextRest(path: string, textHead: TextHead, { sha256 }: { sha256: boolean }): Promise<TextFileScan> {
  const { head } = textHead;
  if (textHead.certain && !sha256) return textHead;
  const hash = sha256 ? createHash('sha256') : undefined;
  const utf8 = textHead.certain ? undefined : new Utf8Check();
  for await (const chunk of readFileChunks(path, head, SCAN_CHUNK_BYTES)) {
    hash?.update(chunk);
    utf8?.push(chunk);
    // Windows-1252 is certain: only the hash needs the rest.
    if (hash === undefined && utf8?.valid === false) break;
  }
  const encoding = utf8 === undefined ? textHead.encoding : utf8.end() ? 'utf-8' : 'windows-1252';
  const scan = { ...textHead, encoding, certain: true };
  return hash === undefined ? scan : { ...scan, sha256: hash.digest('hex') };
}

/** readTextHead, then scanTextRest. */
export async function scanTextFile(path: string, options: { sha256: boolean }): Promise<TextFileScan> {
  return scanTextRest(path, await readTextHead(path), options);
}
