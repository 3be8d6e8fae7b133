import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh folder, removed when the current test ends. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-sheets-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
