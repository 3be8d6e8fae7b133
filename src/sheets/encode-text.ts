import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { TextEncoding } from './detect-encoding.js';
import { encodeWindows1252 } from './windows-1252.js';

/** The bytes of a text in an encoding the reader detects. */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-16le':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be':
      return Buffer.from(text, 'utf16le').swap16();
    case 'windows-1252':
      return encodeWindows1252(text);
  }
}

/** UTF-8 in (what csv-stringify gives), bytes of `encoding` out, starting with a byte order mark when asked. */
export function createTextEncoder(encoding: TextEncoding, bom: boolean): Transform {
  // Chunks may end inside a character: the decoder holds its first bytes until the rest comes.
  const decoder = new StringDecoder('utf8');
  // Windows-1252 has no byte order mark.
  let start = bom && encoding !== 'windows-1252' ? encodeText('\uFEFF', encoding) : undefined;
  const push = (stream: Transform, bytes: Buffer): void => {
    stream.push(start === undefined ? bytes : Buffer.concat([start, bytes]));
    start = undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      push(this, encoding === 'utf-8' ? chunk : encodeText(decoder.write(chunk), encoding));
      callback();
    },
    flush(callback) {
      push(this, encodeText(decoder.end(), encoding));
      callback();
    },
  });
}
