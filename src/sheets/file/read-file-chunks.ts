import { read } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { assertFileUnchanged, type FileVersion } from './file-version.js';

const readAt = promisify(read);

/** An open file as every read takes it: its path for messages, its descriptor for the bytes (a worker thread reads it too). */
export interface FileRef {
  readonly path: string;
  readonly fd: number;
  /** What the file was when opened: each read checks it still is, so a file still being written is not read half done. */
  readonly opened?: FileVersion;
  /** Told of every read: a file opened once hashes what its readers read (file-hash.ts). */
  noteRead?(position: number, bytes: Buffer): void;
}

/** Up to `length` bytes of a file from `position`: fewer at its end. Read into `into` when given: the bytes are a view of it. */
export async function readFileBytes(file: FileRef, position: number, length: number, into = Buffer.allocUnsafe(length)): Promise<Buffer> {
  const { buffer, bytesRead } = await readAt(file.fd, into, 0, length, position);
  if (file.opened !== undefined) assertFileUnchanged(file, file.opened);
  const bytes = buffer.subarray(0, bytesRead);
  file.noteRead?.(position, bytes);
  return bytes;
}

interface ByteRange {
  start?: number;
  /** The last byte read, inclusive; the end of the file by default. */
  end?: number;
  chunkBytes?: number;
  /**
   * Every chunk is read into one buffer, valid only until the next is asked for: a pass that
   * only looks at the bytes (a scan, a hash) then touches no fresh memory, which costs more than
   * the read itself on a file of a hundred megabytes.
   */
  reuse?: boolean;
}

/**
 * A file's bytes from `start` to `end`, read at their positions through its open descriptor, which
 * stays open: fs read streams close theirs when destroyed, even one they were given.
 */
export async function* readFileRange(file: FileRef, { start = 0, end = Infinity, chunkBytes = 65_536, reuse = false }: ByteRange = {}): AsyncGenerator<Buffer> {
  const scratch = reuse ? Buffer.allocUnsafeSlow(chunkBytes) : undefined;
  for (let position = start; position <= end; ) {
    const length = Math.min(chunkBytes, end + 1 - position);
    const bytes = await readFileBytes(file, position, length, scratch);
    if (bytes.length === 0) return;
    position += bytes.length;
    yield bytes;
  }
}

/** readFileRange as a stream, for the parsers that pipe one. */
export function streamFileBytes(file: FileRef, range: ByteRange = {}): Readable {
  return Readable.from(readFileRange(file, range), { objectMode: false });
}

/** A file's bytes in chunks of 64 KiB, as a parser takes them, its start taken from `head` (already read) instead of the disk. */
export async function* readFileChunks(file: FileRef, head: Uint8Array = new Uint8Array()): AsyncGenerator<Buffer> {
  if (head.length > 0) yield Buffer.from(head.buffer, head.byteOffset, head.length);
  yield* readFileRange(file, { start: head.length });
}
