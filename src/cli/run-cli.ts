import yargs from 'yargs';
import { AbortedError } from '../api/errors/api-error.js';
import { ROLES } from '../api/facts/service-facts.js';
import { ImportStoppedError } from '../jobs/import/import-stopped-error.js';
import { UsageError, UserError } from '../user-error.js';
import { checkCommand } from './commands/check-command.js';
import { checkFlagValues, findDashValue, joinDashValues } from './check-flag-values.js';
import type { CliIo, CommandContext } from './command-context.js';
import { conformanceCommand } from './commands/conformance-command.js';
import { createLogger, describeLogLevelProblem } from './create-logger.js';
import { StatusLine } from './progress/status-line.js';
import { emulatorCommand } from './commands/emulator-command.js';
import { EXIT_CODES } from './exit-codes.js';
import { exportCommand } from './commands/export-command.js';
import { importCommand } from './commands/import-command.js';
import { runCommand } from './commands/run-command.js';
import { templateCommand } from './commands/template-command.js';
import { describeUsageProblem, UNKNOWN_DASH, USAGE_WORDS } from './usage-words.js';
import { validateCommand } from './commands/validate-command.js';

/** When several outcomes are asked for, the gravest wins: a stop, then a failure, then a tripped breaker, then failed rows. */
const EXIT_PRECEDENCE: readonly number[] = [
  EXIT_CODES.success,
  EXIT_CODES.partial,
  EXIT_CODES.breaker,
  EXIT_CODES.failed,
  EXIT_CODES.usage,
  EXIT_CODES.interrupted,
  EXIT_CODES.terminated,
];

const COMMANDS = [emulatorCommand, checkCommand, conformanceCommand, templateCommand, importCommand, exportCommand, runCommand, validateCommand];

/**
 * The whole CLI for one command line: parses `given`, runs the command with `io` and returns the
 * exit code. Nothing here touches `process`: main.ts wires it, and tests call this in process.
 */
export async function runCli(given: readonly string[], io: CliIo): Promise<number> {
  const args = joinDashValues(given);
  const statusLine = new StatusLine(io.stderr);
  // Set empty (a container's LOG_LEVEL: ${LOG_LEVEL} with none) is as unset.
  const level = io.env.LOG_LEVEL === undefined || io.env.LOG_LEVEL.trim() === '' ? 'info' : io.env.LOG_LEVEL.trim();
  const levelProblem = describeLogLevelProblem(level);
  if (levelProblem !== undefined) {
    // The level asked for cannot be made: said at the default one, as JSON off a terminal like every other record.
    createLogger('info', io.stderr).error(levelProblem);
    return EXIT_CODES.failed;
  }
  const logger = createLogger(level, io.stderr, statusLine);
  // A command's closing lines are printed whatever LOG_LEVEL leaves out, as on a terminal.
  const teller = logger.child({}, { level: 'info' });
  let exitCode: number = EXIT_CODES.success;
  const context: CommandContext = {
    io,
    logger,
    statusLine,
    requestExit: (code) => {
      if (EXIT_PRECEDENCE.indexOf(code) > EXIT_PRECEDENCE.indexOf(exitCode)) exitCode = code;
    },
    tell: (line) => {
      if (io.stderr.isTTY === true) io.stderr.write(`${line}\n`);
      else teller.info(line);
    },
  };
  const cli = yargs([...args])
    .scriptName('listing-bulk')
    // Every other word the CLI prints is English: yargs' own follow, whatever the machine's LANG.
    .locale('en')
    // Its types take strings only, where y18n takes a plural's forms as { one, other }.
    .updateStrings(USAGE_WORDS as unknown as Record<string, string>)
    .option('emulator', { type: 'boolean', default: false, global: true, describe: 'Start the built-in emulator in this process and run against it' })
    .option('emulator-role', { choices: ROLES, default: 'ORG_ADMIN' as const, global: true, describe: 'Whose key to use on the built-in emulator' })
    .check((argv) => checkFlagValues(args, argv), true)
    .strict()
    .demandCommand(1)
    .recommendCommands()
    .help()
    .epilogue(
      [
        'Environment:',
        '  LISTING_API_URL       the API base address, ending with /v2',
        '  LISTING_API_KEY       the API key, or',
        '  LISTING_API_KEY_FILE  a file holding only the key (chmod 600)',
        '  LOG_LEVEL             debug, info (default), warn or error',
      ].join('\n'),
    )
    .fail((message: string | null, error: Error | null | undefined) => {
      // A command's check fails once through here, and again with the error that first pass threw.
      if (error instanceof UsageError) throw error;
      if (message === null || message === '') throw error ?? new Error('unknown failure');
      // One line of what is wrong (with yargs' "Did you mean" when it has one) beats the whole help.
      const problem = (message === UNKNOWN_DASH ? findDashValue(args) : undefined) ?? describeUsageProblem(message, args);
      throw new UsageError(`Could not read the command line: ${problem}${/[.?]$/.test(problem) ? '' : '.'}\nRun listing-bulk --help, or listing-bulk <command> --help, for the usage.`);
    });
  try {
    for (const register of COMMANDS) register(cli, context);
    // With a callback yargs neither prints (help, version) nor exits: the text is written to io.stdout.
    let output = '';
    await cli.parseAsync([...args], {}, (_error, _argv, text) => {
      output = text;
    });
    if (output !== '') io.stdout.write(`${output}\n`);
  } catch (error) {
    if (error instanceof UsageError) {
      // A log file (cron, a container) holds JSON lines only; it is said whatever LOG_LEVEL leaves out.
      if (io.stderr.isTTY === true) io.stderr.write(`\n${error.message}\n`);
      else teller.error(error.message);
      context.requestExit(EXIT_CODES.usage);
    } else if (error instanceof ImportStoppedError) {
      // A stop, not a failure: the signal asked for its exit code already.
      logger.warn(error.message);
    } else if (error instanceof UserError || error instanceof AbortedError) {
      // Raised on purpose: the message says what happened and what to do; a stack would only hide it.
      logger.error(error.message);
      context.requestExit(error instanceof UserError ? error.exitCode : EXIT_CODES.failed);
    } else {
      logger.error({ err: error }, error instanceof Error ? error.message : String(error));
      logger.error('This is a bug in listing-bulk. Please report it with the command line and the output above (no API key is in it).');
      context.requestExit(EXIT_CODES.failed);
    }
  }
  logger.flush();
  return exitCode;
}
