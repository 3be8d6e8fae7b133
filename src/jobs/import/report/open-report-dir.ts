import { readdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import { readTempOutputTarget } from '../../../sheets/file/temp-output-name.js';
import { createReportDir } from './create-report-dir.js';
import { ReportDirError } from './report-dir-error.js';
import { LOCK_FILE, lockReportDir, type ReportDirLock } from './report-dir-lock.js';
import { takeOverLeftovers } from './take-over-leftovers.js';

/** What an import writes in its report directory (README, "Report files"); undo lines are spooled to `undo.jsonl` under a temporary name only. */
const REPORT_FILE = /^(?:(?:results|errors|plan|undo(?:-\d+)?)\.(?:csv|xlsx)|summary\.json|(?:journal|reads|undo)\.jsonl)$/;
/** Where the planning pass of a business import with breakers writes: a report of its own, beside the run's. */
export const PLAN_DIR = 'plan';
/** In PLAN_DIR, the businesses the plan read, for the run that follows it; left by a run that was killed. */
export const PLANNED_READS_FILE = 'reads.jsonl';
/** A rehearsal's report, set aside by the real run that followed it (rehearsal-files.ts). */
export const REHEARSAL_DIR = 'dry-run';
const SHOWN_NAMES = 3;

/**
 * Creates the report directory readable by its owner only (it holds client data), and locks it for
 * this run, taking over what killed runs left. A directory that holds anything but a report of ours
 * is refused: the report would overwrite its files.
 */
export async function openReportDir(dir: string, logger: Logger): Promise<ReportDirLock> {
  await createReportDir(dir);
  const foreign = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => !(entry.isDirectory() ? entry.name === PLAN_DIR || entry.name === REHEARSAL_DIR : isReportFile(entry.name)))
    .map((entry) => entry.name)
    .sort();
  if (foreign.length > 0) {
    const more = foreign.length > SHOWN_NAMES ? ` and ${foreign.length - SHOWN_NAMES} more` : '';
    throw new ReportDirError(
      dir,
      `it holds other files than an import report (${foreign.slice(0, SHOWN_NAMES).join(', ')}${more}), which the report could overwrite`,
      'Name a new or empty directory with --report, or the directory of an earlier report to resume it.',
    );
  }
  const lock = lockReportDir(dir, logger);
  try {
    await takeOverLeftovers(dir, logger);
  } catch (error) {
    lock.release();
    throw error;
  }
  return lock;
}

export function isReportFile(name: string): boolean {
  const target = readTempOutputTarget(name) ?? name;
  return REPORT_FILE.test(target) || target === LOCK_FILE;
}
