import { join } from 'node:path';
import type { Logger } from 'pino';
import { acquireRunLock, type RunLock, type RunLockOptions } from '../../run-lock/acquire-run-lock.js';
import { ReportDirError } from './report-dir-error.js';

export const LOCK_FILE = 'run.lock';

export type ReportDirLock = RunLock;

/**
 * `run.lock` in the report directory: two runs writing one report would list rows twice and
 * interleave their journals. A lock left by a killed run or container is taken over.
 */
export function lockReportDir(dir: string, logger: Logger, options: Omit<RunLockOptions, 'logger' | 'refuse'> = {}): ReportDirLock {
  return acquireRunLock(join(dir, LOCK_FILE), {
    ...options,
    logger,
    refuse: (holder) => new ReportDirError(dir, `it is in use by ${holder}`, 'Wait for it to end, or use another --report; a lock its run stopped refreshing (a killed container) is taken over after a minute.'),
  });
}
