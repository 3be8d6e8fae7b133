import { createTextDecoder } from './decode-text.js';
import type { TextEncoding } from './detect-encoding.js';
import { readFileChunks } from '../file/read-file-chunks.js';
import type { FileRef } from '../file/read-file-chunks.js';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A text file to read. */
export interface TextFile extends FileRef {
  encoding: TextEncoding;
  /** Its first bytes, when the scan that chose the encoding read them already: they are not read again. */
  head?: Uint8Array;
}

/**
 * The bytes of a text file in UTF-8, chunk by chunk, without its byte order mark. csv-parse reads
 * bytes, so a UTF-8 file goes to it as it is; other encodings are decoded and encoded again.
 */
export async function* readUtf8Bytes({ encoding, head, ...file }: TextFile): AsyncGenerator<Buffer> {
  const chunks = readFileChunks(file, head);
  yield* encoding === 'utf-8' ? withoutBom(chunks) : transcode(chunks, encoding);
}

async function* withoutBom(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const chunk of chunks) {
    if (head === undefined) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < UTF8_BOM.length) continue;
    yield stripBom(head);
    head = undefined;
  }
  if (head !== undefined && head.length > 0) yield stripBom(head);
}

function stripBom(bytes: Buffer): Buffer {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte) ? bytes.subarray(UTF8_BOM.length) : bytes;
}

async function* transcode(chunks: AsyncIterable<Buffer>, encoding: TextEncoding): AsyncGenerator<Buffer> {
  const decoder = createTextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.write(chunk);
    if (text !== '') yield Buffer.from(text);
  }
  const rest = decoder.end();
  if (rest !== undefined && rest !== '') yield Buffer.from(rest);
}
