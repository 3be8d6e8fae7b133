import { createReadStream } from 'node:fs';
import type { TextEncoding } from './detect-encoding.js';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The bytes of a text file in UTF-8, chunk by chunk, without its byte order mark. csv-parse reads
 * bytes, so a UTF-8 file goes to it as it is; other encodings are decoded and encoded again.
 */
export async function* readUtf8Bytes(path: string, encoding: TextEncoding): AsyncGenerator<Buffer> {
  const stream = createReadStream(path);
  try {
    const chunks = stream as AsyncIterable<Buffer>;
    yield* encoding === 'utf-8' ? withoutBom(chunks) : transcode(chunks, encoding);
  } finally {
    stream.destroy();
  }
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
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield Buffer.from(text);
  }
  const rest = decoder.decode();
  if (rest !== '') yield Buffer.from(rest);
}
