import type { Argv } from 'yargs';
import type { Job } from '../../jobs/job-file/job-schema.js';
import { loadJob } from '../../jobs/job-file/load-job.js';
import { runJob, type JobResult, type StepResult } from '../../jobs/job-file/run-job.js';
import { parseShard } from '../../jobs/job-file/shard.js';
import { STEP_RUNNERS } from '../../jobs/job-file/step-runners.js';
import type { CommandContext, GlobalOptions } from '../command-context.js';
import { describeStepResult } from '../describe-step-result.js';
import { EXIT_CODES } from '../exit-codes.js';
import { RUN_RESUME_HINT, withStopSignal } from '../stop-signal.js';
import { openApiSession, type ApiSessionOptions } from '../api-session.js';
import { UserError } from '../../user-error.js';
import { checkRetryFlags, jsonFlag, readRetryFlags, RETRY_FLAG_OPTIONS, type RetryFlags } from '../client-flags.js';

export function runCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  return yargs.command(
    'run <jobs..>',
    'Run job files: their steps in order, with one request budget per organization',
    (command) =>
      command
        .positional('jobs', { type: 'string', array: true, demandOption: true, describe: 'Job files (YAML)' })
        .option('dry-run', { type: 'boolean', default: false, describe: 'Run every import step as a dry run' })
        .option('restart', { type: 'boolean', default: false, describe: 'Start every import step over: forget the journals earlier runs left in their report folders' })
        .option('shard', { type: 'string', describe: 'K/N: run only the organizations of shard K of N, balanced by estimated requests; auto inside a Kubernetes Indexed Job' })
        .option('json', jsonFlag('each job result'))
        .options(RETRY_FLAG_OPTIONS)
        .check(checkRetryFlags),
    async (argv) => {
      const shard = argv.shard === undefined ? { index: 1, count: 1 } : parseShard(argv.shard, context.io.env);
      const now = new Date();
      await withStopSignal(context, async (signal) => {
        // Every file is read before any job runs: a mistake in the last is told before the first sends anything.
        const jobs: Job[] = [];
        for (const file of argv.jobs) jobs.push(await loadJob(file, { env: context.io.env, now }));
        for (const job of jobs) {
          const session = await openApiSession(jobSessionOptions(job, argv), signal, context);
          const logger = context.logger.child({ job: job.name });
          try {
            const options = { shard, dryRun: argv['dry-run'], restart: argv.restart, signal, now, onProgress: session.progress.update, onRowsExpected: session.progress.expectRows };
            const result = await runJob(job, session.client, STEP_RUNNERS, options, logger).catch((error: unknown) => {
              // Before its steps (its preflight, its organizations, its shard plan): said with the job's name, and the next job runs.
              if (!(error instanceof UserError) || signal.aborted) throw error;
              logger.error(error.message);
              context.requestExit(error.exitCode);
              return { job: job.name, steps: [], error: error.message };
            });
            session.progress.stop();
            printResult(result, argv.json, context);
            if (signal.aborted) context.logger.warn(RUN_RESUME_HINT);
            context.requestExit(exitCodeOf(result.steps));
          } finally {
            await session.close();
          }
        }
      });
    },
  );
}

/** The job's own API settings over the environment's, and its retry budgets over the command line's; `--emulator` replaces the address and key. */
function jobSessionOptions(job: Job, argv: GlobalOptions & RetryFlags): ApiSessionOptions {
  const { api } = job;
  const sources = { ...(api.url === undefined ? {} : { url: api.url }), ...(api.key_env === undefined ? {} : { keyEnv: api.key_env }), ...(api.key_file === undefined ? {} : { keyFile: api.key_file }) };
  const retry = readRetryFlags({
    'max-rate-wait': api.max_rate_wait ?? argv['max-rate-wait'],
    'max-retry-after': api.max_retry_after ?? argv['max-retry-after'],
    'max-outage': api.max_outage ?? argv['max-outage'],
  });
  return {
    target: { emulator: argv.emulator, emulatorRole: argv['emulator-role'], sources },
    client: {
      retry,
      ...(api.rate_per_minute === undefined ? {} : { ratePerMinute: api.rate_per_minute }),
      ...(api.concurrency === undefined ? {} : { concurrency: api.concurrency }),
    },
  };
}

/** A refused key fails the run whatever the steps tolerate; otherwise only steps that do not say `on_error: continue` count. */
function exitCodeOf(steps: readonly StepResult[]): number {
  const counted = steps.filter((step) => !step.tolerated);
  if (steps.some((step) => step.cause === 'key-refused' || step.cause === 'service-stop') || counted.some((step) => step.status === 'failed' && step.cause !== 'breaker')) {
    return EXIT_CODES.failed;
  }
  if (counted.some((step) => step.cause === 'breaker')) return EXIT_CODES.breaker;
  if (counted.some((step) => step.status === 'partial' || step.status === 'skipped' || step.status === 'stopped')) return EXIT_CODES.partial;
  return EXIT_CODES.success;
}

function printResult(result: JobResult, json: boolean, { io, tell }: CommandContext): void {
  if (json) io.stdout.write(`${JSON.stringify(result)}\n`);
  for (const share of result.shards?.shares ?? []) {
    const mine = share.shard === result.shards?.index ? ' (this process)' : '';
    tell(`${result.job} / shard ${share.shard}${mine}: ${Math.round(share.share * 100)}% of the estimated requests, organizations ${share.orgs.join(', ') || 'none'}`);
  }
  for (const step of result.steps) tell(describeStepResult(result.job, step));
}
