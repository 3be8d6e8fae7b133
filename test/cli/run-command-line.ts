import { pino } from 'pino';
import type { Argv } from 'yargs';
import yargs from 'yargs';
import { ROLES } from '../../src/api/service-facts.js';
import type { CommandContext, GlobalOptions } from '../../src/cli/command-context.js';

type Register = (cli: Argv<GlobalOptions>, context: CommandContext) => Argv<GlobalOptions>;

/** Parses `args` with a command registered as main.ts does; without a context, logs are silent and the exit codes it asks for are collected. */
export function runCommandLine(register: Register, args: string[], given?: CommandContext): { parse: Promise<unknown>; exits: number[] } {
  const exits: number[] = [];
  const cli = yargs(args)
    .option('emulator', { type: 'boolean', default: false })
    .option('emulator-role', { choices: ROLES, default: 'ORG_ADMIN' as const })
    .strict()
    .exitProcess(false)
    .fail((message: string | null, error: Error | null | undefined) => {
      throw error ?? new Error(message ?? 'unknown failure');
    });
  const context: CommandContext = given ?? { logger: pino({ level: 'silent' }), requestExit: (code) => exits.push(code) };
  // yargs runs checks before the first await: a refusal may throw before a promise exists.
  const parse = Promise.resolve().then(() => register(cli, context).parseAsync());
  return { parse, exits };
}
