import type { Argv, Options } from 'yargs';
import { ExportFilterError, parseExportFilters, type ExportFilters, type FilterName } from '../../jobs/export/export-filters.js';
import type { ExportSummary } from '../../jobs/export/export-options.js';
import { withWrittenSummary } from '../with-written-summary.js';
import { exportResource } from '../../jobs/export/export-resource.js';
import { exportPiped } from '../../jobs/export/export-piped.js';
import { EXPORT_RESOURCE_ALIASES, EXPORT_RESOURCES, type ExportResource } from '../../jobs/export/export-resource-names.js';
import { CSV_DIALECT_NAMES, DEFAULT_CSV_DIALECT } from '../../sheets/index.js';
import { resourcePositional } from '../resource-positional.js';
import { countOf } from '../count-of.js';
import { withApiSession } from '../api-session.js';
import type { CommandContext, GlobalOptions } from '../command-context.js';
import { EXIT_CODES } from '../exit-codes.js';
import { checkRetryFlags, CLIENT_FLAG_OPTIONS, jsonFlag, readSessionFlags } from '../client-flags.js';

const list = { type: 'string', array: true } as const;
/** `--out -`: standard output, where programs read: no byte order mark, texts as they are. */
const PIPED = '-';
const PIPED_CSV_DIALECT = 'rfc4180';

/** Every filter flag; which resource takes which is checked by parseExportFilters. */
const FILTER_OPTIONS = {
  user: { ...list, describe: 'businesses, services, attributes: the businesses of this user (repeatable); else every business the key reads' },
  status: { ...list, describe: 'Business search: open, closed, opening_soon, temporarily_closed (repeatable)' },
  country: { type: 'string', describe: 'Business search: a country code (FR, FRA) or name' },
  city: { type: 'string', describe: 'Business search: city' },
  'modified-since': { type: 'string', describe: 'Business search: modified at or after (ISO 8601 or epoch seconds)' },
  business: { ...list, describe: 'feedback: of these business ids (repeatable)' },
  'exclude-business': { ...list, describe: 'feedback: not of these business ids (repeatable)' },
  state: { ...list, describe: 'feedback: treated, not_treated' },
  since: { type: 'string', describe: 'feedback: created at or after (ISO 8601; UTC without an offset)' },
  until: { type: 'string', describe: 'feedback: created at or before (ISO 8601; UTC without an offset)' },
  nps: { ...list, describe: 'feedback: these NPS values, 0 to 10 (repeatable)' },
  'nps-min': { type: 'number', describe: 'feedback: NPS at least' },
  'nps-max': { type: 'number', describe: 'feedback: NPS at most' },
  text: { type: 'string', describe: 'feedback: the text holds every one of these words' },
  optin: { type: 'boolean', describe: 'feedback: the respondent accepts to be contacted (--no-optin: does not)' },
  form: { ...list, describe: 'feedback: of these form ids (repeatable)' },
  query: { type: 'string', describe: 'geo-locations: matched against name, address, postal code, locality, store code' },
  location: { ...list, describe: 'geo-locations: these location ids (repeatable)' },
  'oauth-account': { ...list, describe: 'geo-locations: of these OAuth account ids (repeatable)' },
  'not-connected': { type: 'boolean', describe: 'geo-locations: only locations no business is connected to' },
  'verification-status': { ...list, describe: 'geo-locations: verification statuses, e.g. verified (repeatable)' },
} as const satisfies Record<FilterName, Options>;

const FILTER_NAMES = Object.keys(FILTER_OPTIONS) as FilterName[];

export function exportCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  return yargs.command(
    'export <resource>',
    'Export a resource to a CSV or XLSX file; failed pages and businesses go to <out>.errors.csv',
    (command) =>
      command
        .positional('resource', resourcePositional(EXPORT_RESOURCES, EXPORT_RESOURCE_ALIASES, 'What to export'))
        .option('out', { type: 'string', demandOption: true, describe: 'File to write: .csv or .xlsx (an About sheet describes the columns); - writes CSV to standard output once the export is done' })
        .option('csv-dialect', {
          choices: CSV_DIALECT_NAMES,
          describe: `CSV files: excel (",", UTF-8 with a BOM; the default), excel-semicolon (";" and decimal commas, for Excel in French or German), rfc4180 (for programs: no BOM, texts as they are; the default of --out -)`,
        })
        .options({ ...FILTER_OPTIONS, ...CLIENT_FLAG_OPTIONS })
        .option('org', { type: 'number', describe: 'PROVIDER keys: the organization to export' })
        .option('json', jsonFlag('the summary'))
        // A wrong filter is a usage error, reported before anything is sent.
        .check((argv) => {
          if (argv.out === PIPED && argv.json) return 'Could not export: --json writes the summary to standard output, which --out - fills with the rows. Leave out --json (the summary goes to standard error), or name a file.';
          try {
            readFilters(argv.resource, argv);
            return checkRetryFlags(argv);
          } catch (error) {
            if (error instanceof ExportFilterError) return error.message;
            throw error;
          }
        }),
    async (argv) => {
      const { logger } = context;
      const filters = readFilters(argv.resource, argv);
      await withApiSession(context, readSessionFlags(argv), async ({ client, progress, signal }) => {
        const piped = argv.out === PIPED;
        const csvDialect = argv['csv-dialect'] ?? (piped ? PIPED_CSV_DIALECT : DEFAULT_CSV_DIALECT);
        const options = { csvDialect, filters, signal, onProgress: progress.update, ...(argv.org === undefined ? {} : { orgId: argv.org }) };
        const summary = await withWrittenSummary(argv.json, context.io, (onSummary) =>
          piped ? exportPiped(client, argv.resource, options, context.io.stdout, logger) : exportResource(client, argv.resource, { ...options, onSummary, out: argv.out }, logger),
        );
        progress.stop();
        printSummary(summary, argv.json, context);
        if (summary.failures > 0) context.requestExit(EXIT_CODES.partial);
      });
    },
  );
}

function readFilters(resource: ExportResource, argv: Readonly<Partial<Record<FilterName, unknown>>>): ExportFilters {
  return parseExportFilters(resource, Object.fromEntries(FILTER_NAMES.map((name) => [name, argv[name]])));
}

function printSummary(summary: ExportSummary, json: boolean, { io, tell }: CommandContext): void {
  if (json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  const { rows, pages, failures } = summary;
  const resumed = pages.resumed > 0 ? `, ${pages.resumed} from an earlier run` : '';
  const failed = failures > 0 ? `; ${failures} failed, see ${summary.errors_file ?? 'the log above'}` : summary.errors_file === null ? '' : `; warnings in ${summary.errors_file}`;
  // A stopped export leaves its file as it was: its rows so far are only in its saved pages.
  const written = summary.stopped === undefined ? 'written to' : 'read, not written to';
  const stopped = summary.stopped === undefined ? '' : `; stopped early (${summary.stopped}): run it again to continue`;
  tell(`${summary.resource}: ${countOf(rows, 'row')} ${written} ${summary.out} (${countOf(pages.fetched, 'page')} read${resumed})${failed}${stopped}`);
}
