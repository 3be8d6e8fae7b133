import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { findClosestName } from '../../find-closest-name.js';
import { SheetError } from '../sheet-error.js';

/** Characters of a shell pattern, which a path here is not. */
const PATTERN = /[*?[]/;

/** The file's stats, once it is known to be a file. */
export async function assertReadableFile(path: string): Promise<Stats> {
  const stats = await stat(path).catch(async (error: unknown) => {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    const reason = missing ? await describeMissing(path) : `the file cannot be opened (${String(error)})`;
    throw new SheetError(`read ${path}`, reason, 'Check the path and the file permissions.', { cause: error });
  });
  if (stats.isDirectory()) throw new SheetError(`read ${path}`, 'it is a folder, not a file', 'Give the path of a .csv or .xlsx file.');
  if (stats.isFIFO()) throw new SheetError(`read ${path}`, 'it is a pipe, not a file, and a sheet is read more than once', 'Save the sheet to a file and name that one (the import command reads a pipe given as its file, or - for standard input).');
  if (!stats.isFile()) throw new SheetError(`read ${path}`, 'it is a device or a socket, not a file', 'Give the path of a .csv or .xlsx file.');
  return stats;
}

/** A descriptor named as a file (`/dev/stdin`, `/dev/fd/3`): whatever it reads has no name, so no extension, of its own. */
const DESCRIPTOR_PATH = /^\/(?:dev\/(?:stdin|fd\/\d+)|proc\/self\/fd\/\d+)$/;

/**
 * Whether `path` is read once and known by its bytes, as standard input is: a pipe (`<(command)` in
 * a shell, a named pipe), or a descriptor named as a file (`/dev/stdin < stores.csv`).
 */
export async function isReadAsPiped(path: string): Promise<boolean> {
  const stats = await stat(path).catch(() => undefined);
  // A terminal is refused as a device, not waited on.
  return stats?.isFIFO() === true || (stats?.isFile() === true && DESCRIPTOR_PATH.test(path));
}

/**
 * Why a path names no file, with the file of its folder it may stand for: a nightly job whose
 * export of the day has not come finds yesterday's named (`crm-stores-2026-11-28.csv`).
 */
async function describeMissing(path: string): Promise<string> {
  if (PATTERN.test(basename(path))) return 'the file does not exist (a path names one file, not a pattern: in a job, name the file of the day with {date})';
  const folder = dirname(path);
  const names = await readdir(folder).catch(() => undefined);
  // A relative path is read from the working directory, not from a job file's folder: said where that is.
  if (names === undefined) return `the file does not exist, nor its folder ${folder}${isAbsolute(folder) ? '' : ` in the working directory ${process.cwd()}`}`;
  const meant = findClosestName(basename(path), names);
  return meant === undefined ? 'the file does not exist' : `the file does not exist (did you mean ${join(folder, meant)}?)`;
}
