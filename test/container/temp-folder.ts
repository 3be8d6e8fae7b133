import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A folder outside the checkout for a file's containers to mount, removed after the file's tests. */
export async function makeTempFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-container-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
