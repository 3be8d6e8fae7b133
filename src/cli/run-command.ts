import type { Argv } from 'yargs';
import { createApiClient } from '../api/api-client.js';
import { readApiSettings } from '../api/api-settings.js';
import { DEFAULT_RATE_PER_MINUTE, type Role } from '../api/service-facts.js';
import type { Job } from '../jobs/job-file/job-schema.js';
import { loadJob } from '../jobs/job-file/load-job.js';
import { runJob, type JobResult, type StepResult } from '../jobs/job-file/run-job.js';
import { parseShard } from '../jobs/job-file/shard.js';
import { STEP_RUNNERS } from '../jobs/job-file/step-runners.js';
import { openApiTarget, type ApiTarget } from './api-target.js';
import type { CommandContext, GlobalOptions } from './command-context.js';
import { EXIT_CODES } from './exit-codes.js';
import { showProgress } from './show-progress.js';
import { withStopSignal } from './stop-signal.js';
import { checkWaitOptions, toRetryOptions, WAIT_OPTIONS } from './wait-options.js';

export function runCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  return yargs.command(
    'run <jobs..>',
    'Run job files: their steps in order, with one request budget per organization',
    (command) =>
      command
        .positional('jobs', { type: 'string', array: true, demandOption: true, describe: 'Job files (YAML)' })
        .option('dry-run', { type: 'boolean', default: false, describe: 'Run every import step as a dry run' })
        .option('shard', { type: 'string', describe: 'K/N: run only the organizations of shard K of N' })
        .option('json', { type: 'boolean', default: false, describe: 'Print each job result as JSON on stdout' })
        .options(WAIT_OPTIONS)
        .check((argv) => checkWaitOptions(argv) ?? true),
    async (argv) => {
      const shard = argv.shard === undefined ? { index: 1, count: 1 } : parseShard(argv.shard);
      const now = new Date();
      await withStopSignal(context, async (signal) => {
        for (const file of argv.jobs) {
          const job = await loadJob(file, { env: process.env, now });
          const target = await openJobTarget(job, argv.emulator, argv['emulator-role'], context);
          const client = createApiClient({
            ...target.settings,
            signal,
            ...(job.api.rate_per_minute === undefined ? {} : { ratePerMinute: job.api.rate_per_minute }),
            ...(job.api.concurrency === undefined ? {} : { concurrency: job.api.concurrency }),
            // The command line wins over the job file.
            retry: toRetryOptions({
              'max-rate-wait': argv['max-rate-wait'] ?? job.api.max_rate_wait,
              'max-outage': argv['max-outage'] ?? job.api.max_outage,
              'max-retry-after': argv['max-retry-after'] ?? job.api.max_retry_after,
            }),
          });
          const progress = showProgress(client, job.api.rate_per_minute ?? DEFAULT_RATE_PER_MINUTE);
          try {
            const options = { shard, dryRun: argv['dry-run'], signal, now, onProgress: progress.update };
            const result = await runJob(job, client, STEP_RUNNERS, options, context.logger.child({ job: job.name }));
            progress.stop();
            printResult(result, argv.json);
            context.requestExit(exitCodeOf(result.steps));
          } finally {
            progress.stop();
            await client.close();
            await target.close();
          }
        }
      });
    },
  );
}

/** The job's own API settings, over the environment's; `--emulator` replaces both. */
function openJobTarget(job: Job, emulator: boolean, emulatorRole: Role, context: CommandContext): Promise<ApiTarget> {
  if (emulator) return openApiTarget({ emulator, emulatorRole }, context.logger);
  const env = { ...process.env };
  if (job.api.url !== undefined) env.LISTING_API_URL = job.api.url;
  if (job.api.key_env !== undefined) env.LISTING_API_KEY = process.env[job.api.key_env];
  if (job.api.key_file !== undefined) {
    env.LISTING_API_KEY = undefined;
    env.LISTING_API_KEY_FILE = job.api.key_file;
  }
  return readApiSettings(env).then((settings) => ({ settings, close: () => Promise.resolve() }));
}

/** A refused key fails the run whatever the steps tolerate; otherwise only steps that do not say `on_error: continue` count. */
function exitCodeOf(steps: readonly StepResult[]): number {
  const counted = steps.filter((step) => !step.tolerated);
  if (steps.some((step) => step.cause === 'key-refused') || counted.some((step) => step.status === 'failed' && step.cause !== 'breaker')) {
    return EXIT_CODES.failed;
  }
  if (counted.some((step) => step.cause === 'breaker')) return EXIT_CODES.breaker;
  if (counted.some((step) => step.status === 'partial' || step.status === 'skipped')) return EXIT_CODES.partial;
  return EXIT_CODES.success;
}

function printResult(result: JobResult, json: boolean): void {
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  for (const step of result.steps) {
    const where = describeOutput(step.summary);
    const detail = step.error ?? where;
    process.stderr.write(`${result.job} / ${step.step}${step.org === undefined ? '' : ` (org ${step.org})`}: ${step.status}${detail === undefined ? '' : ` — ${detail}`}\n`);
  }
}

/** Where a step's results are: the import's report directory or the export's file. */
function describeOutput(summary: unknown): string | undefined {
  if (typeof summary !== 'object' || summary === null) return undefined;
  if ('report_dir' in summary && typeof summary.report_dir === 'string') return `report in ${summary.report_dir}`;
  if ('out' in summary && typeof summary.out === 'string') return `written to ${summary.out}`;
  return undefined;
}
