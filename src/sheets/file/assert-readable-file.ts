import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SheetError } from '../sheet-error.js';

/** The file's stats, once it is known to be a file. */
export async function assertReadableFile(path: string): Promise<Stats> {
  const stats = await stat(path).catch((error: unknown) => {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    const reason = missing ? 'the file does not exist' : `the file cannot be opened (${String(error)})`;
    throw new SheetError(`read ${path}`, reason, 'Check the path and the file permissions.', { cause: error });
  });
  if (!stats.isFile()) throw new SheetError(`read ${path}`, 'it is a folder, not a file', 'Give the path of a .csv or .xlsx file.');
  return stats;
}
