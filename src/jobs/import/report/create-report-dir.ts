import { mkdir } from 'node:fs/promises';
import { ReportDirError } from './report-dir-error.js';

const NOT_ALLOWED: ReadonlySet<unknown> = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * Creates the report directory readable by its owner only (it holds client data). A folder this
 * user may not write in is named with the user: in a container the CLI runs as uid 1000, and a
 * folder Docker created for a mount belongs to root.
 */
export async function createReportDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && NOT_ALLOWED.has(error.code))) throw error;
    const user = `uid ${process.getuid?.() ?? '?'}`;
    throw new ReportDirError(
      dir,
      `this process (${user}) may not create it (${error.message})`,
      `Make the folder that holds it writable for ${user}, or run as that folder's owner (docker run --user "$(id -u):$(id -g)").`,
      { cause: error },
    );
  }
}
