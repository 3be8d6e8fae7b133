import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Argv } from 'yargs';
import { parseRenamePairs, toRenameColumns } from '../../jobs/import/rename-columns.js';
import { ImportLimitsSchema, listLimitProblems, toLimitOptions, type ImportLimits } from '../../jobs/import/breakers/import-limits.js';
import { CONFLICT_POLICIES, IMPORT_MODES, type ImportSummary } from '../../jobs/import/import-options.js';
import { importSheet, IMPORT_RESOURCES, type ImportResource } from '../../jobs/import/import-sheet.js';
import { countProblems } from '../../jobs/import/row-status.js';
import { withApiSession } from '../api-session.js';
import type { CliIo, CommandContext, GlobalOptions } from '../command-context.js';
import { EXIT_CODES } from '../exit-codes.js';
import { checkRetryFlags, CLIENT_FLAG_OPTIONS, jsonFlag, readSessionFlags } from '../client-flags.js';
import { RESUME_HINT } from '../stop-signal.js';
import { countOf } from '../count-of.js';
import { describeRowCounts } from '../describe-row-counts.js';
import { resourcePositional } from '../resource-positional.js';
import { IMPORT_RESOURCE_ALIASES } from '../../resources/resource-names.js';
import { DATE_FORMATS, DECIMAL_SEPARATORS } from '../../resources/cells/cell-context.js';
import { listFlagIssues } from '../../api/schemas/reading/describe-issues.js';
import { PIPED_SHEET, withPipedSheet } from '../../sheets/file/piped-sheet.js';
import { isReadAsPiped } from '../../sheets/file/assert-readable-file.js';
import { withWrittenSummary } from '../with-written-summary.js';

export function importCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  return yargs.command(
    'import <resource> <file>',
    'Import a CSV or XLSX sheet; writes results, errors and summary.json to the report directory',
    (command) =>
      command
        .positional('resource', resourcePositional(IMPORT_RESOURCES, IMPORT_RESOURCE_ALIASES, 'What the sheet holds'))
        .positional('file', { type: 'string', demandOption: true, describe: 'The .csv or .xlsx file, or - for the sheet piped in' })
        .option('sheet', { type: 'string', describe: 'XLSX sheet (default: the one named after the resource, else the first whose header names a column it reads); a CSV file is read whole, with a warning' })
        .option('report', { type: 'string', describe: 'Report directory (default: reports/<resource>-<UTC timestamp>); the same one again resumes the import from its journal' })
        .option('restart', { type: 'boolean', default: false, describe: 'Start over: forget the journal an earlier run left in --report' })
        .option('mode', { choices: IMPORT_MODES, default: 'diff' as const, describe: 'diff: send only what changes; patch: send every filled cell' })
        .option('dry-run', { type: 'boolean', default: false, describe: 'Everything but the writes; the report says what would change' })
        .option('max-errors', { type: 'string', describe: 'N or P%: the most rows invalid, failed or in conflict; businesses check it on the plan (breaker), then stop sending past it' })
        .option('max-changes', { type: 'string', describe: 'Businesses, N or P%: the most rows the plan may write, else nothing is written (breaker)' })
        .option('max-status-changes', { type: 'string', describe: 'Businesses, N or P%: the most businesses the plan may change the status of (breaker)' })
        .option('on-conflict', { choices: CONFLICT_POLICIES, describe: 'Businesses and custom-field order, rows with _base: a field changed in the file and in the API since the export; skip (default) the row, overwrite, or fail it' })
        .option('org', { type: 'number', describe: 'PROVIDER keys: the organization to work on' })
        .option('ignore-columns', { type: 'string', describe: 'NAME,…: columns of the sheet to leave out; any other unknown column stops the import' })
        .option('rename-columns', { type: 'string', describe: 'HEADER=column,…: read the sheet\'s column HEADER as column (Code magasin=code)' })
        .option('date-format', { choices: DATE_FORMATS, describe: 'How dates a/b/yyyy read (default: dd/mm/yyyy in a file with decimal commas, else only when the day is over 12 or as the _base of the row has it)' })
        .option('decimal-separator', { choices: DECIMAL_SEPARATORS, describe: 'How numbers written as text read (default: comma in a CSV file separated by ;, else dot): comma for a tab-separated file of a spreadsheet in such a locale, dot for a program\'s ; file' })
        .option('allow-code-changes', { type: 'boolean', default: false, describe: 'Businesses: send store code changes the row\'s _base does not show as an edit of the exported file' })
        .options(CLIENT_FLAG_OPTIONS)
        .option('json', jsonFlag('the summary'))
        // A wrong limit is a usage error, reported before anything is read.
        .check((argv) => {
          const problem = checkFileArgument(argv.resource, argv.file, context.io);
          if (problem !== undefined) return problem;
          const read = readLimits(argv.resource, argv);
          const renamed = argv['rename-columns'] === undefined ? undefined : parseRenamePairs(argv['rename-columns']);
          if (renamed !== undefined && 'problem' in renamed) return `Could not import ${argv.resource}: ${renamed.problem}. Give each column to rename as HEADER=column, separated by commas.`;
          return 'limits' in read ? checkRetryFlags(argv) : read.problem;
        }),
    async (argv) => {
      const { logger } = context;
      const read = readLimits(argv.resource, argv);
      const limits = 'limits' in read ? toLimitOptions(argv.resource, read.limits) : {};
      await withApiSession(context, readSessionFlags(argv), async ({ client, progress, signal }) => {
        const options = {
          reportDir: argv.report ?? defaultReportDir(argv.resource),
          mode: argv.mode,
          dryRun: argv['dry-run'],
          restart: argv.restart,
          signal,
          ...(argv.sheet === undefined ? {} : { sheet: argv.sheet }),
          ...limits,
          ...(argv.org === undefined ? {} : { orgId: argv.org }),
          ...(argv['ignore-columns'] === undefined ? {} : { ignoreColumns: splitNames(argv['ignore-columns']) }),
          renameColumns: readRenameFlag(argv['rename-columns']),
          ...(argv['date-format'] === undefined ? {} : { dateFormat: argv['date-format'] }),
          ...(argv['decimal-separator'] === undefined ? {} : { decimalSeparator: argv['decimal-separator'] }),
          allowCodeChanges: argv['allow-code-changes'],
          onProgress: progress.update,
          onRowsExpected: (rows: number) => { progress.expectRows(rows); },
        };
        const input = await openPipedInput(argv.file, context.io);
        const summary = await withWrittenSummary(argv.json, context.io, (onSummary) =>
          input === undefined
            ? importSheet(client, argv.resource, { ...options, onSummary, file: argv.file }, logger)
            : withPipedSheet(input.stream, { name: input.name, signal }, (source) => importSheet(client, argv.resource, { ...options, onSummary, file: input.name, source }, logger)),
        );
        progress.stop();
        printSummary(summary, argv.json, context);
        if (signal.aborted) logger.warn(RESUME_HINT);
        if (countProblems(summary.rows) > 0) context.requestExit(EXIT_CODES.partial);
      });
    },
  );
}

// yargs reads `-` as an empty name.
function isPiped(file: string): boolean {
  return file.trim() === '';
}

/** Standard input for `-`, and a pipe's path (`<(command)`) or a descriptor's (`/dev/stdin`) read as one: all are read once, then saved. */
async function openPipedInput(file: string, io: CliIo): Promise<{ stream: Readable; name: string } | undefined> {
  if (isPiped(file)) return io.stdin === undefined ? undefined : { stream: io.stdin, name: PIPED_SHEET };
  return (await isReadAsPiped(file)) ? { stream: createReadStream(file), name: file } : undefined;
}

/** Why the file argument cannot be read: `-` with nothing piped in. */
function checkFileArgument(resource: string, file: string, io: CliIo): string | undefined {
  if (!isPiped(file)) return undefined;
  if (io.stdin === undefined) return `Could not import ${resource}: no file given, and standard input (-) cannot be read here. Give the sheet's path.`;
  if (io.stdin.isTTY === true) return `Could not import ${resource}: - reads the sheet piped in, and standard input is a terminal. Pipe the sheet (cat stores.csv | listing-bulk import ${resource} -), or give its path.`;
  return undefined;
}

interface LimitFlags {
  'max-errors'?: string;
  'max-changes'?: string;
  'max-status-changes'?: string;
  'on-conflict'?: string;
}

/** The limit flags under their job-file names, or every problem with them in one message. */
function readLimits(resource: ImportResource, argv: LimitFlags): { limits: ImportLimits } | { problem: string } {
  const parsed = ImportLimitsSchema.safeParse({
    max_errors: argv['max-errors'],
    max_changes: argv['max-changes'],
    max_status_changes: argv['max-status-changes'],
    on_conflict: argv['on-conflict'],
  });
  const problems = parsed.success ? listLimitProblems(resource, parsed.data) : parsed.error.issues;
  if (parsed.success && problems.length === 0) return { limits: parsed.data };
  return { problem: `Could not import ${resource}: ${listFlagIssues(problems).join('; ')}. Correct the options.` };
}

/** The import's renames from the flag, checked by the command's check already. */
function readRenameFlag(flag: string | undefined): ReadonlyMap<string, string> | undefined {
  const read = flag === undefined ? undefined : parseRenamePairs(flag);
  return read !== undefined && 'pairs' in read ? toRenameColumns(read.pairs) : undefined;
}

/** `a, b,c` as the names a, b and c. */
function splitNames(list: string): string[] {
  return list.split(',').map((name) => name.trim()).filter((name) => name !== '');
}

function defaultReportDir(resource: string): string {
  return `reports/${resource}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

function printSummary(summary: ImportSummary, json: boolean, { io, tell }: CommandContext): void {
  if (json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  const { rows, requests } = summary;
  const parts = describeRowCounts(rows, summary.resumed);
  const undo = summary.undo_files ?? [];
  // Each run that wrote keeps its own undo file: set back the newest first.
  const undone = undo.length > 1 ? `; undo files ${undo.join(', ')}: import them newest first to set back every run` : '';
  tell(
    `${summary.resource}: ${countOf(rows.total, 'row')} (${parts.join(', ') || 'none'}); ${countOf(requests.total, 'request')} (${countOf(requests.reads, 'read')}, ${countOf(requests.writes, 'write')}); report in ${summary.report_dir}${undone}`,
  );
}
