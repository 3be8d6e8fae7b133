import { createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SheetError } from '../sheet-error.js';
import { withSourceFile, type SourceFile } from './source-file.js';
import { toTempDirError } from './temp-dir-error.js';
import { withTempDir, type TempDirWords } from './with-temp-dir.js';

/** What the reports and messages call a sheet piped in as standard input. */
export const PIPED_SHEET = 'standard input';

/** A workbook is a zip archive; anything else is read as CSV. */
const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');

/**
 * Runs `use` on a piped sheet saved whole to a temporary file first: an import reads its file more
 * than once, and a resume compares the SHA-256 of what is piped again, not a path. The file goes
 * when `use` ends.
 */
export async function withPipedSheet<T>(input: Readable, { name = PIPED_SHEET, signal }: { name?: string; signal: AbortSignal }, use: (source: SourceFile) => Promise<T>): Promise<T> {
  const words: TempDirWords = { action: `read ${name}`, why: 'it is saved to a temporary file' };
  return withTempDir('listing-bulk-stdin-', words, async (dir) => withSourceFile(await savePipedSheet(input, dir, signal, words), use));
}

/** Saves the whole input to `dir`, as stdin.xlsx or stdin.csv by its first bytes (the readers go by the name). */
async function savePipedSheet(input: Readable, dir: string, signal: AbortSignal, words: TempDirWords): Promise<string> {
  const saved = join(dir, 'stdin');
  // Set as the bytes pass: what the name and the checks go by.
  let head = Buffer.alloc(0);
  // A stream given an encoding yields text.
  async function* noteBytes(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
    for await (const read of chunks) {
      const chunk = typeof read === 'string' ? Buffer.from(read) : read;
      if (head.length < ZIP_SIGNATURE.length) head = Buffer.concat([head, chunk]).subarray(0, ZIP_SIGNATURE.length);
      yield chunk;
    }
  }
  try {
    await pipeline(input, noteBytes, createWriteStream(saved, { mode: 0o600 }), { signal });
  } catch (error) {
    if (signal.aborted) throw new SheetError(words.action, 'the run was stopped before the input ended', 'Nothing was imported: pipe the sheet again.', { cause: error });
    throw toTempDirError(error, words.action, words.why) ?? error;
  }
  if (head.length === 0) throw new SheetError(words.action, 'nothing was piped in: it ended before its first byte', 'Pipe the sheet to the command (in a container: docker run -i), or give its path.');
  // A CSV is then read as a file is: a last row cut short of its cells, or inside a quote never closed, is refused as a row.
  const path = `${saved}.${head.equals(ZIP_SIGNATURE) ? 'xlsx' : 'csv'}`;
  await rename(saved, path);
  return path;
}
