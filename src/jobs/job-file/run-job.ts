import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { AbortedError, ApiError, findAuthenticationFailure } from '../../api/errors/api-error.js';
import { SharedBudgetError } from '../../api/pacing/shared-budget-error.js';
import { findStopCause } from '../../api/transport/find-stop-cause.js';
import { BreakerError } from '../import/breakers/breaker-error.js';
import { ImportStoppedError } from '../import/import-stopped-error.js';
import { runPreflight } from '../conformance/run-preflight.js';
import type { ExportResource } from '../export/export-resource-names.js';
import type { ExportOptions } from '../export/export-options.js';
import type { ImportOptions } from '../import/import-options.js';
import type { JobProgress, ProgressListener } from '../job-progress.js';
import type { ImportResource } from '../import/import-sheet.js';
import type { Job, JobStep } from './job-schema.js';
import { estimateSheetRows } from '../../sheets/estimate-sheet-rows.js';
import type { CsvDialectName } from '../../sheets/index.js';
import { SourceFile, SourceFiles } from '../../sheets/file/source-file.js';
import { chooseStepReport } from './choose-step-report.js';
import { countSheetOrgRows } from './count-sheet-org-rows.js';
import { listStepOrgs, withOrg, type LoadCounters } from './estimate-org-loads.js';
import { buildImportStepOptions, type StepPlace, type StepRunSettings } from './import-step-options.js';
import { listReachableOrgs } from './list-reachable-orgs.js';
import { countBusinesses } from '../check-connection.js';
import { planJobShards, type ShardPlan, type ShardShare, type SplitStep } from './plan-job-shards.js';
import type { Shard } from './shard.js';

/**
 * `stopped`: a signal came while the step ran; its report is complete for the rows it reached, and the
 * same run resumes it. An import stopped before its first write has no report: `error` says so.
 */
export type StepStatus = 'ok' | 'partial' | 'failed' | 'skipped' | 'stopped';

export interface StepResult {
  step: string;
  org?: number;
  status: StepStatus;
  /** `on_error: continue`: the step's failures neither stop the job nor change its exit code. */
  tolerated: boolean;
  /** Why a failed step failed, when it matters beyond the step: a refused key, a service or shared budget out of reach stop the job, a breaker has its own exit code. */
  cause?: 'key-refused' | 'service-stop' | 'breaker';
  /** The step's own summary (import or export), also of a step that failed or stopped once it was written. */
  summary?: unknown;
  /** Why an import step reports elsewhere than its job names: a changed source, or a rehearsal after the real run (chooseStepReport). */
  note?: string;
  error?: string;
}

export interface JobResult {
  job: string;
  steps: StepResult[];
  /** With --shard: every shard's estimated part, and which one this process ran. */
  shards?: { index: number; shares: ShardShare[] };
  /** Why no step ran: the job's preflight, its organizations or its shard plan could not be read. */
  error?: string;
}

/** What a step reports back: whether rows or pages failed, and its summary. */
export interface StepOutcome {
  partial: boolean;
  summary: unknown;
}

export interface StepRunners {
  runImport(client: ApiClient, resource: ImportResource, options: ImportOptions, logger: Logger): Promise<StepOutcome>;
  runExport(client: ApiClient, resource: ExportResource, options: ExportStepOptions, logger: Logger): Promise<StepOutcome>;
}

export interface ExportStepOptions {
  out: string;
  /** `out` as the job file writes it, when it holds a date. */
  outPattern?: string;
  csvDialect?: CsvDialectName;
  /** The filter flags by name, checked by the export. */
  filters: Readonly<Record<string, unknown>>;
  orgId?: number;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  onSummary?: ExportOptions['onSummary'];
}

export interface RunJobOptions extends StepRunSettings {
  signal?: AbortSignal;
  /** Every step's progress, named after the step; each step's first says it started. */
  onProgress?: ProgressListener;
  /** An import step's rows, about, once its sheet is open. */
  onRowsExpected?: (rows: number) => void;
}

/**
 * Runs the steps in order, one client for all (one pacing budget per organization). A step that
 * fails stops the job unless it says `on_error: continue`; a refused key or a stop always stops it.
 * With `preflight: true`, a broken assumption stops it before any step (PreflightError, exit 1).
 * `org: all` steps whose organizations the service asked to wait to list are partial, not run.
 */
export async function runJob(job: Job, client: ApiClient, runners: StepRunners, options: RunJobOptions, logger: Logger): Promise<JobResult> {
  if (job.preflight) await runPreflight(client, logger.child({ preflight: true }));
  const orgsRead = await readReachableOrgs(job, client, logger);
  const reachable = orgsRead instanceof ApiError ? [] : orgsRead;
  const plan = options.shard.count > 1 ? await planShards(job, options.shard, client, reachable, logger) : undefined;
  const results: StepResult[] = [];
  let stopped = false;
  for (const [index, step] of job.steps.entries()) {
    const split = plan?.splitSteps.get(index);
    if (step.org === 'all' && orgsRead instanceof ApiError) {
      // Not sent, as an export's page the service asked to wait for: the step is partial, and a rerun sends it.
      const name = describeStep(step, index);
      const skipped = stopped || options.signal?.aborted === true;
      if (!skipped) logger.error({ step: name }, orgsRead.message);
      results.push({ step: name, status: skipped ? 'skipped' : 'partial', tolerated: step.on_error === 'continue', ...(skipped ? {} : { error: orgsRead.message }) });
      continue;
    }
    for (const org of listStepOrgs(step, reachable)) {
      const name = describeStep(step, index);
      if (!runsHere(plan, split, org, options.shard)) continue;
      if (stopped || options.signal?.aborted === true) {
        results.push({ step: name, ...(org === undefined ? {} : { org }), status: 'skipped', tolerated: step.on_error === 'continue' });
        continue;
      }
      const result = await runStep(job, step, { index, org, split }, client, runners, options, logger.child({ step: name, org }));
      results.push(result);
      if (result.cause === 'key-refused' || result.cause === 'service-stop' || (result.status === 'failed' && step.on_error === 'stop')) stopped = true;
    }
  }
  return { job: job.name, steps: results, ...shardsPart(plan, options.shard) };
}

/**
 * `org: all` in any step: the organizations the key reaches, read once for the whole job. A read the
 * service asked to wait for longer than --max-retry-after (or answered 429 past --max-rate-wait) is
 * the error those steps end with, as an export's page: the other steps run, their budgets their own.
 */
async function readReachableOrgs(job: Job, client: ApiClient, logger: Logger): Promise<number[] | ApiError> {
  if (!job.steps.some((step) => step.org === 'all')) return [];
  try {
    const orgs = await listReachableOrgs(client);
    logger.info({ orgs }, `org: all is ${orgs.length} organizations, those of the businesses the key can read`);
    return orgs;
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'rate-limited') throw error;
    return error;
  }
}

/** The sheets are opened once for the plan, and closed before any step: an earlier step may write a file a later one imports. */
async function planShards(job: Job, shard: Shard, client: ApiClient, reachable: readonly number[], logger: Logger): Promise<ShardPlan> {
  const sources = new SourceFiles();
  try {
    return await planJobShards(job, shard, countersOf(client, sources), reachable, logger);
  } finally {
    await sources.close();
  }
}

function countersOf(client: ApiClient, sources: SourceFiles): LoadCounters {
  return {
    countRows: async (path, wanted) => estimateSheetRows(await sources.open(path), wanted),
    countRowOrgs: async (path, choice) => countSheetOrgRows(await sources.open(path), choice),
    countBusinesses: (org: number | undefined) => countBusinesses(client.org(org)),
  };
}

/** Without shards, every step; with them, the shard of the step's organization, or every shard holding one of a split sheet's. */
function runsHere(plan: ShardPlan | undefined, split: SplitStep | undefined, org: number | undefined, shard: Shard): boolean {
  if (plan === undefined) return true;
  return split === undefined ? plan.shardOf(org) === shard.index : split.shards.has(shard.index);
}

function shardsPart(plan: ShardPlan | undefined, shard: Shard): Pick<JobResult, 'shards'> {
  return plan === undefined ? {} : { shards: { index: shard.index, shares: plan.shares } };
}

async function runStep(
  job: Job,
  step: JobStep,
  place: StepPlace,
  client: ApiClient,
  runners: StepRunners,
  options: RunJobOptions,
  logger: Logger,
): Promise<StepResult> {
  const { index, org } = place;
  const name = describeStep(step, index);
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const { onProgress } = options;
  const stepProgress = (next: JobProgress): void => {
    onProgress?.({ ...next, step: org === undefined ? name : `${name} (org ${String(org)})` });
  };
  const progress = onProgress === undefined ? {} : { onProgress: stepProgress };
  const rowsExpected = options.onRowsExpected === undefined ? {} : { onRowsExpected: options.onRowsExpected };
  let note: string | undefined;
  // Written before a failure found at the end (a refused key, an ignored filter): the step reports its counts and report folder either way.
  let summary: unknown;
  const onSummary = (written: unknown): void => {
    summary = written;
  };
  const summarized = (): Pick<StepResult, 'summary'> => (summary === undefined ? {} : { summary });
  try {
    logger.info('step started');
    // An organization given up in an earlier step sent nothing since, so no answer could show it back: this step tries it again.
    client.tryGivenUpAgain();
    stepProgress({ rows: 0 });
    let outcome: StepOutcome;
    if ('import' in step) {
      const stepOptions = buildImportStepOptions(job, step, place, options);
      // A file that cannot be opened is the import's to report, as the command line's.
      const source = await SourceFile.open(stepOptions.file).catch(() => undefined);
      try {
        const report = await chooseStepReport(stepOptions.reportDir, { source, dryRun: stepOptions.dryRun, restart: stepOptions.restart === true });
        note = report.note;
        if (note !== undefined) logger.warn(`${note}: the step reports in ${report.dir}`);
        outcome = await runners.runImport(client, step.import.resource, { ...stepOptions, reportDir: report.dir, ...(source === undefined ? {} : { source }), ...signal, ...progress, ...rowsExpected, onSummary }, logger);
      } finally {
        await source?.close();
      }
    } else {
      outcome = await runners.runExport(
        client,
        step.export.resource,
        {
          out: withOrg(step.export.out, org),
          ...(step.export.out_pattern === undefined ? {} : { outPattern: withOrg(step.export.out_pattern, org) }),
          filters: step.export.filters,
          ...(step.export.csv_dialect === undefined ? {} : { csvDialect: step.export.csv_dialect }),
          ...(org === undefined ? {} : { orgId: org }),
          ...signal,
          ...progress,
          onSummary,
        },
        logger,
      );
    }
    const status = options.signal?.aborted === true ? 'stopped' : outcome.partial ? 'partial' : 'ok';
    return { step: name, ...(org === undefined ? {} : { org }), status, tolerated: step.on_error === 'continue', summary: outcome.summary, ...(note === undefined ? {} : { note }) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Stopped by the signal before the step wrote anything (an export before its first page): stopped, not failed.
    if (error instanceof ImportStoppedError || (options.signal?.aborted === true && error instanceof AbortedError && error.cause === undefined)) {
      logger.warn(message);
      return { step: name, ...(org === undefined ? {} : { org }), status: 'stopped', tolerated: step.on_error === 'continue', ...summarized(), error: message, ...(note === undefined ? {} : { note }) };
    }
    logger.error(message);
    // A shared budget that cannot be reached would fail every step the same way, before any request: it stops the job.
    const serviceStop = findStopCause(error) !== undefined || error instanceof SharedBudgetError;
    const cause = findAuthenticationFailure(error) !== undefined ? 'key-refused' : serviceStop ? 'service-stop' : error instanceof BreakerError ? 'breaker' : undefined;
    return {
      step: name,
      ...(org === undefined ? {} : { org }),
      status: 'failed',
      tolerated: step.on_error === 'continue',
      ...summarized(),
      error: message,
      ...(cause === undefined ? {} : { cause }),
      ...(note === undefined ? {} : { note }),
    };
  }
}

export function describeStep(step: JobStep, index: number): string {
  return step.name ?? `${index + 1}. ${'import' in step ? `import ${step.import.resource}` : `export ${step.export.resource}`}`;
}
