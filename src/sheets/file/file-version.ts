import { fstat } from 'node:fs';
import { promisify } from 'node:util';
import { SheetError } from '../sheet-error.js';

/** What tells one content of a file from another without reading it again. */
export interface FileVersion {
  size: number;
  mtimeMs: number;
}

const statOf = promisify(fstat);

export async function readFileVersion(fd: number): Promise<FileVersion> {
  const { size, mtimeMs } = await statOf(fd);
  return { size, mtimeMs };
}

/**
 * Refuses a file written to since it was opened: a CRM export still being written when a nightly
 * run starts would be read half done, its last row cut short, and that row's values sent.
 */
export async function assertFileUnchanged(file: { path: string; fd: number }, opened: FileVersion): Promise<void> {
  const change = await findFileChange(file, opened);
  if (change !== undefined) throw change;
}

/** The error that says the file was written to since it was opened, if it was. */
export async function findFileChange(file: { path: string; fd: number }, opened: FileVersion): Promise<SheetError | undefined> {
  const now = await readFileVersion(file.fd);
  if (now.size === opened.size && now.mtimeMs === opened.mtimeMs) return undefined;
  const sizes = now.size === opened.size ? `modified at ${new Date(now.mtimeMs).toISOString()}` : `${opened.size} bytes when opened, ${now.size} now`;
  return new SheetError(
    `read ${file.path}`,
    `the file changed since it was opened (${sizes}): something was still writing it, and rows read before it was whole may be cut short`,
    'Run again once it is written whole (the report has the rows already sent); a program that writes it should write another name and rename it when done.',
  );
}
