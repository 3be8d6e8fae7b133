import { open } from 'node:fs/promises';

/** Up to `length` bytes of a file from `position`: fewer at its end. */
export async function readFileBytes(path: string, position: number, length: number): Promise<Uint8Array> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(new Uint8Array(length), 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
