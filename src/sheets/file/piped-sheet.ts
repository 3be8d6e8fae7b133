import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SheetError } from '../sheet-error.js';
import { withSourceFile, type SourceFile } from './source-file.js';
import { toTempDirError } from './temp-dir-error.js';

/** What the reports and messages call a sheet piped in. */
export const PIPED_SHEET = 'standard input';

/** A workbook is a zip archive; anything else is read as CSV. */
const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');

/**
 * Runs `use` on a piped sheet saved whole to a temporary file first: an import reads its file more
 * than once, and a resume compares the SHA-256 of what is piped again, not a path. The file goes
 * when `use` ends.
 */
export async function withPipedSheet<T>(input: Readable, signal: AbortSignal, use: (source: SourceFile) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-stdin-')).catch((error: unknown) => {
    throw toPipeError(error);
  });
  try {
    const path = await savePipedSheet(input, dir, signal);
    return await withSourceFile(path, use);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Saves the whole input to `dir`, as stdin.xlsx or stdin.csv by its first bytes (the readers go by the name). */
async function savePipedSheet(input: Readable, dir: string, signal: AbortSignal): Promise<string> {
  const saved = join(dir, 'stdin');
  let head = Buffer.alloc(0);
  async function* noteHead(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      if (head.length < ZIP_SIGNATURE.length) head = Buffer.concat([head, chunk]).subarray(0, ZIP_SIGNATURE.length);
      yield chunk;
    }
  }
  try {
    await pipeline(input, noteHead, createWriteStream(saved, { mode: 0o600 }), { signal });
  } catch (error) {
    if (signal.aborted) throw new SheetError(`read ${PIPED_SHEET}`, 'the run was stopped before the input ended', 'Nothing was imported: pipe the sheet again.', { cause: error });
    throw toPipeError(error);
  }
  const path = `${saved}.${head.equals(ZIP_SIGNATURE) ? 'xlsx' : 'csv'}`;
  await rename(saved, path);
  return path;
}

function toPipeError(error: unknown): unknown {
  return toTempDirError(error, PIPED_SHEET, 'it is saved to a temporary file') ?? error;
}
