import { mkdir, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { SheetError } from '../../../sheets/index.js';
import { toWriteError } from '../../../sheets/file/open-output.js';
import { readTempOutputTarget } from '../../../sheets/file/temp-output-name.js';
import { acquireRunLock, type RunLock } from '../../run-lock/acquire-run-lock.js';

/** The lock of an export's file, beside it. */
export const exportLockOf = (out: string): string => `${out}.lock`;

/**
 * `<out>.lock` beside the export's file: two exports to one --out would each rename their own
 * file over it, and both say they succeeded. Once it is held, the temporary files that an export
 * killed before renaming them left beside `out` are removed.
 */
export async function lockExportFile(out: string, logger: Logger): Promise<RunLock> {
  const folder = dirname(out);
  // Created as the saved pages' folder is, so that job files can name dated folders.
  await mkdir(folder, { recursive: true }).catch((error: unknown) => {
    throw toWriteError(error, out);
  });
  let lock: RunLock;
  try {
    lock = acquireRunLock(exportLockOf(out), {
      logger,
      refuse: (holder) => new SheetError(`write ${out}`, `another export is writing it (${holder})`, 'Wait for it to end, or choose another --out; a lock its run stopped refreshing (a killed container) is taken over after a minute.'),
    });
  } catch (error) {
    throw toWriteError(error, out);
  }
  try {
    const name = basename(out);
    const targets = new Set([name, `${name}.errors.csv`, `${name}.lock`]);
    const leftovers = (await readdir(folder)).filter((entry) => targets.has(readTempOutputTarget(entry) ?? ''));
    for (const entry of leftovers) await rm(join(folder, entry), { force: true });
  } catch (error) {
    lock.release();
    throw toWriteError(error, out);
  }
  return lock;
}
