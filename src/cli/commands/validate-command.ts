import type { Argv } from 'yargs';
import { JobFileError, loadJob } from '../../jobs/job-file/load-job.js';
import { validateJob } from '../../jobs/job-file/validate-job.js';
import type { CommandContext, GlobalOptions } from '../command-context.js';
import { EXIT_CODES } from '../exit-codes.js';
import { jsonFlag } from '../client-flags.js';
import { countOf } from '../count-of.js';

export function validateCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  return yargs.command(
    'validate <jobs..>',
    'Check job files and the sheets they import, offline (no request is sent)',
    (command) =>
      command
        .positional('jobs', { type: 'string', array: true, demandOption: true, describe: 'Job files (YAML)' })
        .option('json', jsonFlag('the checks')),
    async (argv) => {
      for (const file of argv.jobs) {
        const job = await loadJob(file, { env: context.io.env, now: new Date() }).catch((error: unknown) => {
          // One broken file does not hide the checks of the others.
          if (!(error instanceof JobFileError)) throw error;
          context.io.stderr.write(`${file}: ${error.message}\n`);
          if (argv.json) context.io.stdout.write(`${JSON.stringify({ file, error: error.message })}\n`);
          context.requestExit(EXIT_CODES.failed);
          return undefined;
        });
        if (job === undefined) continue;
        const checks = await validateJob(job);
        if (argv.json) context.io.stdout.write(`${JSON.stringify({ job: job.name, file, checks })}\n`);
        for (const check of checks) {
          const tolerated = check.tolerated ? ' (on_error: continue: the run reports them and goes on)' : '';
          const status = check.error ?? (check.kind === 'export' ? 'filters valid' : check.invalid > 0 ? `${check.invalid} of ${countOf(check.rows, 'row')} invalid${tolerated}` : `${countOf(check.rows, 'row')} valid`);
          context.io.stderr.write(`${file} / ${check.step} (${check.source}): ${status}\n`);
          for (const line of [...check.warnings, ...check.problems]) context.io.stderr.write(`  ${line}\n`);
          if (check.error !== undefined) context.requestExit(EXIT_CODES.failed);
          else if (check.invalid > 0 && !check.tolerated) context.requestExit(EXIT_CODES.partial);
        }
      }
    },
  );
}
