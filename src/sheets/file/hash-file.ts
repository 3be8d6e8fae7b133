import { createHash } from 'node:crypto';
import { readFileChunks } from './read-file-chunks.js';
import type { FileRef } from './read-file-chunks.js';

/** The SHA-256 of a file, read as a stream (sheets may be larger than memory). */
export async function hashFile(file: FileRef): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of readFileChunks(file, undefined, 1_048_576)) hash.update(chunk);
  return hash.digest('hex');
}
