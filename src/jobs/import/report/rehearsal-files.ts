import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isReportFile, REHEARSAL_DIR } from './open-report-dir.js';
import { LOCK_FILE } from './report-dir-lock.js';

/**
 * The report files of a directory, not the lock. Folders stay: `plan/` is the planning pass of the
 * run that is starting (a rehearsal is its own plan), `dry-run/` an earlier rehearsal's.
 */
async function listReport(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && isReportFile(entry.name) && entry.name !== LOCK_FILE).map((entry) => entry.name);
}

/** A real run after a rehearsal: the rehearsal's report moves to `dry-run/` (replacing an older one), so the run starts clean and the plan stays readable. */
export async function setRehearsalAside(dir: string): Promise<void> {
  const names = await listReport(dir);
  if (names.length === 0) return;
  const aside = join(dir, REHEARSAL_DIR);
  await rm(aside, { recursive: true, force: true });
  await mkdir(aside, { mode: 0o700 });
  for (const name of names) await rename(join(dir, name), join(aside, name));
}

/** A rehearsal after a rehearsal: the earlier one's files go, so that none of them (an errors file, a plan) outlives its run. */
export async function clearRehearsal(dir: string): Promise<void> {
  for (const name of await listReport(dir)) await rm(join(dir, name), { force: true });
}
