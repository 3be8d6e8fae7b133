import { createReadStream } from 'node:fs';

/** A file's bytes chunk by chunk, its start taken from `head` (already read) instead of the disk. */
export async function* readFileChunks(path: string, head: Uint8Array = new Uint8Array()): AsyncGenerator<Buffer> {
  if (head.length > 0) yield Buffer.from(head.buffer, head.byteOffset, head.length);
  const stream = createReadStream(path, { start: head.length });
  try {
    yield* stream as AsyncIterable<Buffer>;
  } finally {
    stream.destroy();
  }
}
