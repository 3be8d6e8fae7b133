import { createReadStream } from 'node:fs';
import { readFileBytes } from './read-file-bytes.js';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Encoding of a text file: from its byte order mark, else UTF-8 when every byte decodes as UTF-8,
 * else Windows-1252, which French Excel uses for "CSV (separator: semicolon)".
 */
export async function detectEncoding(path: string): Promise<TextEncoding> {
  const bom = await readFileBytes(path, 0, 3);
  if (bom[0] === 0xef && bom[1] === 0xbb && bom[2] === 0xbf) return 'utf-8';
  if (bom[0] === 0xff && bom[1] === 0xfe) return 'utf-16le';
  if (bom[0] === 0xfe && bom[1] === 0xff) return 'utf-16be';
  return (await isUtf8File(path)) ? 'utf-8' : 'windows-1252';
}

// The whole file is checked, not a sample: one accented name far down would otherwise be garbled.
async function isUtf8File(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  } finally {
    stream.destroy();
  }
}
