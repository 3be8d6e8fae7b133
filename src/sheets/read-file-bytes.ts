import { read } from 'node:fs';
import { promisify } from 'node:util';
import type { FileRef } from './source-file.js';

/** Up to `length` bytes of a file from `position`: fewer at its end. */
export async function readFileBytes(file: FileRef, position: number, length: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length);
  const { bytesRead } = await promisify(read)(file.fd, buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
