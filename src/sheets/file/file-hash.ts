import { createHash } from 'node:crypto';
import { readFileRange, type FileRef } from './read-file-chunks.js';

/**
 * The SHA-256 of a file, taken from the bytes its readers read from its start, in order: a CSV's
 * scan, or a workbook's first read (exceljs reads the whole file when the sheet comes before the
 * workbook's parts), hashes it on the way, and only the bytes no reader reached are read for the digest.
 */
export class FileHash {
  private readonly hash = createHash('sha256');
  private hashed = 0;
  private digest: Promise<string> | undefined;

  /** A read of `bytes` at `position`: the part that extends the bytes hashed so far is hashed. */
  note(position: number, bytes: Buffer): void {
    const end = position + bytes.length;
    if (this.digest !== undefined || position > this.hashed || end <= this.hashed) return;
    this.hash.update(bytes.subarray(this.hashed - position));
    this.hashed = end;
  }

  /** The hex digest, once the rest of the file is read. */
  finish(file: FileRef): Promise<string> {
    return (this.digest ??= (async () => {
      for await (const chunk of readFileRange(file, { start: this.hashed, chunkBytes: 1_048_576, reuse: true })) this.hash.update(chunk);
      return this.hash.digest('hex');
    })());
  }
}
