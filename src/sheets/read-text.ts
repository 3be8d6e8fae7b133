import { createReadStream } from 'node:fs';
import type { TextEncoding } from './detect-encoding.js';

/** The text of a file, chunk by chunk, without its byte order mark. */
export async function* readText(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') yield text;
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } finally {
    stream.destroy();
  }
}
