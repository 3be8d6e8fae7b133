import { createHash } from 'node:crypto';
import { assertTextHead } from './assert-text-head.js';
import { readBomEncoding, Utf8Check, type TextEncoding } from './detect-encoding.js';
import { readFileBytes } from './read-file-bytes.js';
import { readFileChunks } from './read-file-chunks.js';

/** The start of a file that the binary check and the delimiter look at, read once: the parse starts from it. */
export const HEAD_BYTES = 65_536;

export interface TextFileScan {
  /** The first HEAD_BYTES of the file, or the whole of a shorter one. */
  head: Buffer;
  encoding: TextEncoding;
  /** Whether the file starts with a byte order mark. */
  bom: boolean;
  /** The file's SHA-256, when asked for. */
  sha256?: string;
}

/**
 * What a CSV file must tell before its first row is read, in one read: its head is text; its
 * encoding, from a byte order mark, else UTF-8 when every byte of the file decodes as UTF-8
 * (one accented name far down would be garbled by a guess from a sample), else Windows-1252,
 * which French Excel writes; and, in the same pass, the SHA-256 that a resumed import compares
 * before any request. A file with a byte order mark and no hash to compute is read no further
 * than its head.
 */
export async function scanTextFile(path: string, { sha256 }: { sha256: boolean }): Promise<TextFileScan> {
  const bytes = await readFileBytes(path, 0, HEAD_BYTES);
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  assertTextHead(head, path);
  const bomEncoding = readBomEncoding(head);
  if (bomEncoding !== undefined && !sha256) return { head, encoding: bomEncoding, bom: true };
  const hash = sha256 ? createHash('sha256') : undefined;
  const utf8 = bomEncoding === undefined ? new Utf8Check() : undefined;
  for await (const chunk of readFileChunks(path, head)) {
    hash?.update(chunk);
    utf8?.push(chunk);
    // Windows-1252 is certain: only the hash needs the rest.
    if (hash === undefined && utf8?.valid === false) break;
  }
  const encoding = bomEncoding ?? (utf8?.end() === true ? 'utf-8' : 'windows-1252');
  const bom = bomEncoding !== undefined;
  return hash === undefined ? { head, encoding, bom } : { head, encoding, bom, sha256: hash.digest('hex') };
}
