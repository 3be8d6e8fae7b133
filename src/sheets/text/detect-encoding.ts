import { isUtf8 } from 'node:buffer';

import type { CodePage } from './code-page.js';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | CodePage;

/** The encoding a byte order mark at the start of a file names, if it starts with one. */
export function readBomEncoding(head: Uint8Array): TextEncoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * Whether bytes given in order, across chunk boundaries, decode as UTF-8: each chunk is checked
 * natively up to its last whole character, the cut one finished with the next chunk's first bytes.
 */
export class Utf8Check {
  private carry = new Uint8Array(0);
  private failed = false;

  get valid(): boolean {
    return !this.failed;
  }

  push(chunk: Uint8Array): void {
    if (this.failed) return;
    let bytes = chunk;
    if (this.carry.length > 0) {
      const missing = sequenceLength(this.carry[0] ?? 0) - this.carry.length;
      const joined = Buffer.concat([this.carry, bytes.subarray(0, missing)]);
      if (bytes.length < missing) {
        this.carry = joined;
        return;
      }
      this.failed = !isUtf8(joined);
      bytes = bytes.subarray(missing);
    }
    const whole = lengthOfWholeCharacters(bytes);
    this.failed ||= !isUtf8(bytes.subarray(0, whole));
    // A copy: the chunk's buffer may be read into again.
    this.carry = Uint8Array.from(bytes.subarray(whole));
  }

  /** The end of the bytes: a sequence cut there is not UTF-8. */
  end(): boolean {
    if (this.carry.length > 0) this.failed = true;
    return this.valid;
  }
}

/** The bytes up to the start of a multi-byte sequence the end cuts, or all of them. */
function lengthOfWholeCharacters(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (byte < 0x80) return bytes.length;
    // A continuation byte: its lead is further back.
    if (byte < 0xc0) continue;
    return back < sequenceLength(byte) ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** The length a lead byte announces; anything else is checked as one byte, which fails. */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  return lead >= 0xc0 ? 2 : 1;
}
