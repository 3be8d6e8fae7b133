import type { TextEncoding } from './detect-encoding.js';
import { decodeWindows1252 } from './windows-1252.js';

export interface TextChunkDecoder {
  /** `stream`: more bytes follow, and a character cut at the end waits for them; no bytes: the end. */
  decode(bytes?: Uint8Array, options?: { stream: boolean }): string;
}

/** A decoder for an encoding the reader detects; Windows-1252 from its own table (Node 20 reads it as Latin-1). */
export function createTextDecoder(encoding: TextEncoding): TextChunkDecoder {
  // One byte per character: a chunk never ends inside one.
  return encoding === 'windows-1252' ? { decode: (bytes) => (bytes === undefined ? '' : decodeWindows1252(bytes)) } : new TextDecoder(encoding);
}
