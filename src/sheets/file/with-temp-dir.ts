import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toTempDirError } from './temp-dir-error.js';

/** What a temporary directory that cannot take a file is said to have stopped: `read standard input`, and what goes there. */
export interface TempDirWords {
  action: string;
  why: string;
}

/** Runs `use` in a folder of its own in os.tmpdir(), removed however `use` ends. */
export async function withTempDir<T>(prefix: string, words: TempDirWords, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix)).catch((error: unknown) => {
    throw toTempDirError(error, words.action, words.why) ?? error;
  });
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
