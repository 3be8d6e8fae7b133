import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { SheetError } from '../sheet-error.js';

/** What a temporary directory that cannot take a file fails with: missing, not a folder, not ours, read-only, full. */
const UNWRITABLE: ReadonlySet<unknown> = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

/**
 * A piped sheet is saved to a temporary file in os.tmpdir(), and exceljs unpacks a worksheet zipped
 * before the workbook's relations (as exceljs itself writes them) there. When that directory cannot
 * take it (a read-only root in a container), the sheet is not at fault: the error names the
 * directory and how to give one. `action` is what could not be done (`read stores.xlsx`), `why` what goes there.
 */
export function toTempDirError(error: unknown, action: string, why: string): SheetError | undefined {
  if (!isErrnoError(error) || !UNWRITABLE.has(error.code) || error.path === undefined) return undefined;
  const dir = tmpdir();
  const dirs = [dir, realpathOrSame(dir)];
  if (!dirs.includes(error.path) && !dirs.includes(dirname(error.path))) return undefined;
  return new SheetError(
    action,
    `${why} in ${dir} (TMPDIR) first, and that directory cannot take it (${error.message})`,
    `Set TMPDIR to a writable directory, or mount one at ${dir} (docker run --tmpfs ${dir}; Kubernetes: an emptyDir volume).`,
    { cause: error },
  );
}

function isErrnoError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

// The tmp package resolves the directory's links before naming its files.
function realpathOrSame(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
