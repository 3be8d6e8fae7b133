import { readdir } from 'node:fs/promises';
import { readTempOutputTarget } from '../../../sheets/file/temp-output-name.js';

const UNDO_FILE = /^undo(?:-(\d+))?\.(?:csv|xlsx)$/;

/**
 * The undo files of a report directory, oldest first: each run that wrote adds its own
 * (`undo.csv`, then `undo-2.csv` for a resumed run), and one still being written counts under the
 * name it will have.
 */
export async function listUndoFiles(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).map((name) => readTempOutputTarget(name) ?? name).filter((name) => UNDO_FILE.test(name));
  const rank = (name: string): number => Number(UNDO_FILE.exec(name)?.[1] ?? 1);
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b));
}
