import { rm } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { BreakerError } from '../breakers/breaker-error.js';
import type { ImportSummary, OpenImportOptions } from '../import-options.js';
import { ImportStoppedError } from '../import-stopped-error.js';
import { countProblems } from '../row-status.js';
import { listTrippedBreakers, resolveLimit, type RunBreakers } from '../breakers/run-breakers.js';
import { PLAN_DIR } from '../report/open-report-dir.js';

/** The plan of a run with breakers, or the run that follows it. */
export type PassStage = 'plan' | 'run';

/** What one pass over the file comes to. */
export interface ImportPass {
  summary: ImportSummary;
  /** Businesses whose `status` a dry run would change. */
  statusChanges: number;
  /** A dry run's plan file. */
  planFile: string | undefined;
}

/**
 * Runs with breakers read the file twice: a dry run plans every row (into `<report>/plan/`), the
 * breakers are checked on it, and only then does the real run write, from the businesses the plan
 * read. A dry run is its own plan. Over a limit, nothing is written: a BreakerError says why.
 */
export async function importAfterPlan(options: OpenImportOptions, breakers: RunBreakers, runPass: (options: OpenImportOptions, stage: PassStage) => Promise<ImportPass>): Promise<ImportSummary> {
  // The plan covers every row (no stop after errors) and starts afresh: an earlier plan's journal must not stand for today's businesses.
  const planOptions = { ...options, maxErrors: undefined, planning: true, ...(options.dryRun ? {} : { dryRun: true, reportDir: join(options.reportDir, PLAN_DIR), restart: true }) };
  const plan = await runPass(planOptions, 'plan');
  if (options.signal?.aborted === true) {
    // A rehearsal's report says which rows it planned before the stop; a run's plan is only its own, and the next run plans afresh.
    if (options.dryRun) return plan.summary;
    await rm(planOptions.reportDir, { recursive: true, force: true });
    throw new ImportStoppedError(options.file, 'planning', options.reportDir);
  }
  const { rows } = plan.summary;
  const tripped = listTrippedBreakers(breakers, { rows: rows.total, changes: rows.would_update, statusChanges: plan.statusChanges, errors: countProblems(rows) });
  if (tripped.length > 0) {
    // Each breaker names the file that lists its rows: the plan for changes, the plan's errors file for errors.
    const planFile = plan.planFile ?? join(planOptions.reportDir, 'plan.csv');
    const files = [...new Set(tripped.map(({ rowsIn }) => (rowsIn === 'plan' ? planFile : join(dirname(planFile), `errors${extname(planFile)}`))))];
    throw new BreakerError(
      `Could not import ${options.file}: the plan trips ${tripped.map(({ message }) => message).join('; ')}. Nothing was written: review ${files.join(' and ')}, then correct the file or raise the limit.`,
    );
  }
  if (options.dryRun) return plan.summary;
  const maxErrors = breakers.maxErrors === undefined ? options.maxErrors : resolveLimit(breakers.maxErrors, rows.total);
  // The plan counted the rows to expect: the run does not read the file a third time for them.
  const { onRowsExpected: _counted, ...runOptions } = options;
  return (await runPass({ ...runOptions, ...(maxErrors === undefined ? {} : { maxErrors }) }, 'run')).summary;
}
