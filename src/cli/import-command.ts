import type { Argv } from 'yargs';
import { createApiClient } from '../api/api-client.js';
import { IMPORT_MODES, type ImportSummary } from '../jobs/import-options.js';
import { importSheet, IMPORT_RESOURCES } from '../jobs/import-sheet.js';
import { openApiTarget } from './api-target.js';
import type { CommandContext, GlobalOptions } from './command-context.js';
import { EXIT_CODES } from './exit-codes.js';
import { withStopSignal } from './stop-signal.js';

export function importCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  return yargs.command(
    'import <resource> <file>',
    'Import a CSV or XLSX sheet; writes results, errors and summary.json to the report directory',
    (command) =>
      command
        .positional('resource', { choices: IMPORT_RESOURCES, demandOption: true, describe: 'What the sheet holds' })
        .positional('file', { type: 'string', demandOption: true, describe: 'The .csv or .xlsx file' })
        .option('sheet', { type: 'string', describe: 'XLSX sheet (default: the one named after the resource, else the first)' })
        .option('report', { type: 'string', describe: 'Report directory (default: reports/<resource>-<UTC timestamp>)' })
        .option('mode', { choices: IMPORT_MODES, default: 'diff' as const, describe: 'diff: send only what changes; patch: send every filled cell' })
        .option('dry-run', { type: 'boolean', default: false, describe: 'Everything but the writes; the report says what would change' })
        .option('rate-per-minute', { type: 'number', default: 300, describe: "The organization's request budget" })
        .option('concurrency', { type: 'number', default: 8, describe: 'Requests in flight at once' })
        .option('max-errors', { type: 'number', describe: 'Stop sending after this many invalid or failed rows' })
        .option('org', { type: 'number', describe: 'PROVIDER keys: the organization to work on' })
        .option('json', { type: 'boolean', default: false, describe: 'Print the summary as JSON on stdout' }),
    async (argv) => {
      const { logger } = context;
      const target = await openApiTarget({ emulator: argv.emulator, emulatorRole: argv['emulator-role'] }, logger);
      await withStopSignal(context, async (signal) => {
        const client = createApiClient({ ...target.settings, ratePerMinute: argv['rate-per-minute'], concurrency: argv.concurrency, signal });
        try {
          const summary = await importSheet(client, argv.resource, {
            file: argv.file,
            reportDir: argv.report ?? defaultReportDir(argv.resource),
            mode: argv.mode,
            dryRun: argv['dry-run'],
            signal,
            ...(argv.sheet === undefined ? {} : { sheet: argv.sheet }),
            ...(argv['max-errors'] === undefined ? {} : { maxErrors: argv['max-errors'] }),
            ...(argv.org === undefined ? {} : { orgId: argv.org }),
          }, logger);
          printSummary(summary, argv.json);
          const { invalid, failed } = summary.rows;
          if (invalid + failed > 0) context.requestExit(EXIT_CODES.partial);
        } finally {
          await client.close();
          await target.close();
        }
      });
    },
  );
}

function defaultReportDir(resource: string): string {
  return `reports/${resource}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

function printSummary(summary: ImportSummary, json: boolean): void {
  if (json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  const { rows, requests } = summary;
  const parts = (['updated', 'would_update', 'unchanged', 'invalid', 'failed', 'skipped'] as const)
    .filter((status) => rows[status] > 0)
    .map((status) => `${rows[status]} ${status.replace('_', ' ')}`);
  process.stderr.write(
    `${summary.resource}: ${rows.total} rows (${parts.join(', ') || 'none'}); ${requests.total} requests (${requests.reads} reads, ${requests.writes} writes); report in ${summary.report_dir}\n`,
  );
}
