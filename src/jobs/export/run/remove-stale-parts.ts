import { lstat, readdir, rm } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import type { Logger } from 'pino';
import { UserError } from '../../../user-error.js';
import { acquireRunLock, type RunLock } from '../../run-lock/acquire-run-lock.js';
import { describeForeignParts, partsOf } from './page-spool.js';
import { exportLockOf } from '../file/lock-export-file.js';

/** A job file's placeholders that change from one day to the next: `{date}`, `{date-7d}`, `{datetime}`. */
export const DATED_PLACEHOLDER = /(\{date(?:-\d{1,4}d)?\}|\{datetime\})/;
const DATE = '\\d{4}-\\d{2}-\\d{2}';
/** What each placeholder reads as in a path, as loadJob fills it in. */
const fillPlaceholder = (placeholder: string): string => (placeholder === '{datetime}' ? `${DATE}T\\d{2}-\\d{2}-\\d{2}Z` : DATE);

export interface StaleParts {
  /** The export's file, whose own saved pages are not stale. */
  out: string;
  /** `out` as the job file writes it, its dates as placeholders. */
  pattern: string;
  resource: string;
  orgId: number | undefined;
  logger: Logger;
}

class InUseError extends UserError {
  override name = 'InUseError';
}

/**
 * Once an export of a job completes, the saved pages of the same export on another day: a run
 * stopped before midnight left them under yesterday's name, which no later run asks for. Only a
 * folder of this export's (its manifest names the resource and organization, and it holds only
 * what an export saves) is removed, under the lock of its file so that no export uses it meanwhile;
 * any other is named in a warning, for a person to judge.
 */
export async function removeStaleParts({ out, pattern, resource, orgId, logger }: StaleParts): Promise<void> {
  for (const other of await listDatedPaths(pattern)) {
    const parts = partsOf(other);
    if (resolve(other) === resolve(out) || !(await isFolder(parts))) continue;
    // The export is done: a folder that cannot be removed is told, never a failure of it.
    const left = await removeOwnParts(other, parts, resource, orgId, logger).catch((error: unknown) => `it could not be removed (${error instanceof Error ? error.message : String(error)}); delete it`);
    if (left === undefined) logger.warn({ parts }, `removed ${parts}: the saved pages of an export of ${other} that did not finish, which no run continues now that the date in the file's name has moved on`);
    else logger.warn({ parts }, `left ${parts}, named as this export's saved pages on another day, which no run continues: ${left}`);
  }
}

/** Removes `parts` when it is this export's saved pages and no export uses them; else says why it is left, and what to do. */
async function removeOwnParts(other: string, parts: string, resource: string, orgId: number | undefined, logger: Logger): Promise<string | undefined> {
  const foreign = await describeForeignParts(parts, resource, orgId);
  if (foreign !== undefined) return `it ${foreign}; delete it if it holds nothing of yours`;
  let lock: RunLock;
  try {
    lock = acquireRunLock(exportLockOf(other), { logger, refuse: (holder) => new InUseError(`an export is writing ${other} (${holder})`) });
  } catch (error) {
    if (error instanceof InUseError) return `${error.message}, which removes it once complete`;
    throw error;
  }
  try {
    await rm(parts, { recursive: true, force: true });
  } finally {
    lock.release();
  }
  return undefined;
}

/** The paths `pattern` names on any day: its dated placeholders matched in each folder of the path. */
async function listDatedPaths(pattern: string): Promise<string[]> {
  const names = pattern.split(/[\\/]/).filter((part) => part !== '');
  let paths = [isAbsolute(pattern) ? sep : ''];
  for (const [index, name] of names.entries()) {
    if (!DATED_PLACEHOLDER.test(name)) {
      paths = paths.map((path) => join(path, name));
      continue;
    }
    // split() keeps the placeholders it splits on (the group) at the odd places.
    const matcher = new RegExp(`^${name.split(DATED_PLACEHOLDER).map((part, at) => (at % 2 === 1 ? fillPlaceholder(part) : escapeRegExp(part))).join('')}$`);
    // The file's own name is found by its saved pages too: the file of a stopped export was never written.
    const last = index === names.length - 1;
    const next = new Set<string>();
    for (const path of paths) {
      const entries = await readdir(path === '' ? '.' : path).catch(() => []);
      for (const entry of entries) {
        const named = last ? entry.replace(/\.parts$/, '') : entry;
        if (matcher.test(named)) next.add(join(path, named));
      }
    }
    paths = [...next];
  }
  return paths;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function isFolder(path: string): Promise<boolean> {
  const stats = await lstat(path).catch(() => undefined);
  return stats?.isDirectory() === true;
}
