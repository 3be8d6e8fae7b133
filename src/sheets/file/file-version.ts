import { fstatSync } from 'node:fs';
import { SheetError } from '../sheet-error.js';

/** What tells one content of a file from another without reading it again. */
export interface FileVersion {
  size: number;
  mtimeMs: number;
}

/** Synchronous: a stat of an open descriptor costs a microsecond, and a reader asks once per batch of rows, where a round trip through the thread pool left the main thread idle. */
export function readFileVersion(fd: number): FileVersion {
  const { size, mtimeMs } = fstatSync(fd);
  return { size, mtimeMs };
}

/**
 * Refuses a file written to since it was opened: a CRM export still being written when a nightly
 * run starts would be read half done, its last row cut short, and that row's values sent.
 */
export function assertFileUnchanged(file: { path: string; fd: number }, opened: FileVersion): void {
  const change = findFileChange(file, opened);
  if (change !== undefined) throw change;
}

/** The error that says the file was written to since it was opened, if it was. */
export function findFileChange(file: { path: string; fd: number }, opened: FileVersion): SheetError | undefined {
  const now = readFileVersion(file.fd);
  if (now.size === opened.size && now.mtimeMs === opened.mtimeMs) return undefined;
  const sizes = now.size === opened.size ? `modified at ${new Date(now.mtimeMs).toISOString()}` : `${opened.size} bytes when opened, ${now.size} now`;
  return new SheetError(
    `read ${file.path}`,
    `the file changed since it was opened (${sizes}): something was still writing it, and rows read before it was whole may be cut short`,
    'Run again once it is written whole (the report has the rows already sent); a program that writes it should write another name and rename it when done.',
  );
}
