import iconv from 'iconv-lite';
import type { TextEncoding } from './detect-encoding.js';

export interface TextChunkDecoder {
  /** Text of the bytes so far: a character cut at the end waits for the next bytes. */
  write(bytes: Buffer): string;
  /** The end: a character cut there is replaced. */
  end(): string | undefined;
}

/** A decoder for an encoding the reader detects, without its byte order mark (Node 20's TextDecoder reads Windows-1252 as Latin-1). */
export function createTextDecoder(encoding: TextEncoding): TextChunkDecoder {
  return iconv.getDecoder(encoding);
}
