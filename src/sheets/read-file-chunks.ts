import { createReadStream } from 'node:fs';

/**
 * A file's bytes chunk by chunk, its start taken from `head` (already read) instead of the disk.
 * Chunks of 64 KiB by default, as a parser takes them; a pass that only hashes and checks the
 * bytes goes faster in larger ones.
 */
export async function* readFileChunks(path: string, head: Uint8Array = new Uint8Array(), chunkBytes = 65_536): AsyncGenerator<Buffer> {
  if (head.length > 0) yield Buffer.from(head.buffer, head.byteOffset, head.length);
  const stream = createReadStream(path, { start: head.length, highWaterMark: chunkBytes });
  try {
    yield* stream as AsyncIterable<Buffer>;
  } finally {
    stream.destroy();
  }
}
