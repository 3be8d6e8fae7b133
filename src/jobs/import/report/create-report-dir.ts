import { createOwnerOnlyFolder, isFullDisk, isPathThroughFile } from '../../../sheets/file/open-output.js';
import { ReportDirError } from './report-dir-error.js';

const NOT_ALLOWED: ReadonlySet<unknown> = new Set(['EACCES', 'EPERM', 'EROFS']);

/** Creates the report directory readable by its owner only (it holds client data). */
export async function createReportDir(dir: string): Promise<void> {
  try {
    await createOwnerOnlyFolder(dir);
  } catch (error) {
    throw toReportDirError(error, dir) ?? error;
  }
}

/**
 * What keeps a run from writing its report directory, as the user can mend it: a full disk, a file
 * where it would be, or a folder this user may not write in, named with the user (in a container the CLI runs as uid
 * 1000, and a folder Docker created for a mount belongs to root). Undefined for anything else.
 */
export function toReportDirError(error: unknown, dir: string): ReportDirError | undefined {
  if (isFullDisk(error)) return new ReportDirError(dir, 'the disk is full', 'Free space, or use another --report.', { cause: error });
  if (isPathThroughFile(error)) return new ReportDirError(dir, 'it, or a folder of its path, is a file', 'Name a new or empty directory with --report (a job step: report).', { cause: error });
  if (!(error instanceof Error && 'code' in error && NOT_ALLOWED.has(error.code))) return undefined;
  const user = `uid ${process.getuid?.() ?? '?'}`;
  return new ReportDirError(
    dir,
    `this process (${user}) may not write in it (${error.message})`,
    `Make the folder writable for ${user}, or run as that folder's owner (docker run --user "$(id -u):$(id -g)").`,
    { cause: error },
  );
}
