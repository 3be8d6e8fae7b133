import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every temporary file of the run goes under one folder, removed at the end: the tests' own, and
 * the sheet copies exceljs leaves to its cleanup at exit, which a worker vitest stops never runs.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-test-'));
  process.env.TMPDIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
