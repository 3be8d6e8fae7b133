import { readdir } from 'node:fs/promises';

export const UNDO_FILE = /^undo(?:-(\d+))?\.(?:csv|xlsx)$/;

/**
 * The undo files of a report directory, oldest first: each run that wrote adds its own
 * (`undo.csv`, then `undo-2.csv` for a resumed run).
 */
export async function listUndoFiles(dir: string): Promise<string[]> {
  const rank = (name: string): number => Number(UNDO_FILE.exec(name)?.[1] ?? 1);
  return (await readdir(dir)).filter((name) => UNDO_FILE.test(name)).sort((a, b) => rank(a) - rank(b));
}
