#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { ROLES } from '../api/service-facts.js';
import { BreakerError } from '../jobs/import/breaker-error.js';
import { checkCommand } from './check-command.js';
import { createLogger } from './create-logger.js';
import { emulatorCommand } from './emulator-command.js';
import { exportCommand } from './export-command.js';
import { importCommand } from './import-command.js';
import { runCommand } from './run-command.js';
import { validateCommand } from './validate-command.js';
import type { CommandContext } from './command-context.js';
import { EXIT_CODES } from './exit-codes.js';
import { templateCommand } from './template-command.js';

class UsageError extends Error {
  override name = 'UsageError';
}

const logger = createLogger();
let requestedExit: number = EXIT_CODES.success;
/** When several outcomes are asked for, the gravest wins: a stop, then a failure, then failed rows. */
const EXIT_PRECEDENCE: readonly number[] = [EXIT_CODES.success, EXIT_CODES.partial, EXIT_CODES.failed, EXIT_CODES.interrupted, EXIT_CODES.terminated];
const context: CommandContext = {
  logger,
  requestExit: (code) => {
    if (EXIT_PRECEDENCE.indexOf(code) > EXIT_PRECEDENCE.indexOf(requestedExit)) requestedExit = code;
  },
};
const cli = yargs(hideBin(process.argv))
  .scriptName('listing-bulk')
  .option('emulator', { type: 'boolean', default: false, global: true, describe: 'Start the built-in emulator in this process and run against it' })
  .option('emulator-role', { choices: ROLES, default: 'ORG_ADMIN' as const, global: true, describe: 'Whose key to use on the built-in emulator' })
  .strict()
  .demandCommand(1)
  .recommendCommands()
  .help()
  .fail((message: string | null, error: Error | null | undefined, parser) => {
    if (message === null || message === '') throw error ?? new Error('unknown failure');
    parser.showHelp('error');
    throw new UsageError(message);
  });

try {
  for (const register of [emulatorCommand, checkCommand, templateCommand, importCommand, exportCommand, runCommand, validateCommand]) register(cli, context);
  await cli.parseAsync();
  process.exitCode = requestedExit;
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`\n${error.message}`);
    process.exitCode = EXIT_CODES.usage;
  } else {
    // Errors raised on purpose carry a full "Could not X: why. What to do." message; a plain Error is a bug, so keep its stack.
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error instanceof Error && error.name === 'Error' ? error : undefined }, message);
    process.exitCode = error instanceof BreakerError ? EXIT_CODES.breaker : EXIT_CODES.failed;
  }
}
