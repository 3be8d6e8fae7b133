import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { readTempOutputTarget } from '../../../sheets/file/temp-output-name.js';
import { UNDO_FILE } from './list-undo-files.js';
import { LOCK_FILE } from './report-dir-lock.js';
import { UNDO_SPOOL, writeUndoFile } from './undo-spool.js';

/**
 * What runs killed in the report directory left under temporary names, once this run holds it.
 * Their undo lines become undo files, oldest run first, as they would have had the runs stopped:
 * the next run's comes after them, and importing them newest first sets back every run. The rest
 * goes: the journal rebuilds the report. A lock's temporary file may be another process's, taking
 * the lock this moment: it stays.
 */
export async function takeOverLeftovers(dir: string, logger: Logger): Promise<void> {
  const leftovers = (await readdir(dir)).flatMap((name) => {
    const target = readTempOutputTarget(name);
    return target === undefined || target === LOCK_FILE ? [] : [{ name, path: join(dir, name), target }];
  });
  const spools: { path: string; modified: number }[] = [];
  // Without a spool, an undo file cut short is an earlier version's, which wrote no spool: its only copy of the lines.
  const spooled = leftovers.some(({ target }) => target === UNDO_SPOOL);
  for (const { name, path, target } of leftovers) {
    if (target === UNDO_SPOOL) spools.push({ path, modified: (await stat(path)).mtimeMs });
    else if (!spooled && UNDO_FILE.test(target)) logger.warn({ file: path }, `Left ${name} in ${dir}: the undo lines of a run of an earlier version, killed there, which this version does not read. To set back what that run changed, copy it out of the folder and import it after the undo files written since; its last line may be cut short.`);
    else await rm(path, { force: true });
  }
  for (const { path } of spools.sort((a, b) => a.modified - b.modified)) {
    const file = await writeUndoFile(path, dir);
    if (file !== undefined) logger.warn({ file: join(dir, file) }, `Kept the undo lines of a run killed in ${dir} as ${file}, which sets back what that run changed.`);
  }
}
