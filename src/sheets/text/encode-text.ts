import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import iconv from 'iconv-lite';
import { isCodePage } from './code-page.js';
import type { TextEncoding } from './detect-encoding.js';

/** The bytes of a text in an encoding the reader detects: a character Windows-1252 lacks is a question mark. */
function encodeText(text: string, encoding: TextEncoding): Buffer {
  return iconv.encode(text, encoding);
}

/** UTF-8 in (what csv-stringify gives), bytes of `encoding` out, starting with a byte order mark when asked. */
export function createTextEncoder(encoding: TextEncoding, bom: boolean): Transform {
  // Chunks may end inside a character: the decoder holds its first bytes until the rest comes.
  const decoder = new StringDecoder('utf8');
  let start = bom && !isCodePage(encoding) ? encodeText('\uFEFF', encoding) : undefined;
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
