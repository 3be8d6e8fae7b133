import type { Argv } from 'yargs';
import type { CommandContext, GlobalOptions } from '../command-context.js';
import { checkConnection } from '../../jobs/check-connection.js';
import { withApiSession } from '../api-session.js';

export function checkCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  const { logger } = context;
  return yargs.command(
    'check',
    'Check the API address and key with one request; prints {"url", "businesses"} on stdout',
    (command) => command,
    async (argv) => {
      await withApiSession(context, { target: { emulator: argv.emulator, emulatorRole: argv['emulator-role'] } }, async ({ client, baseUrl }) => {
        const result = await checkConnection(client, logger);
        context.io.stdout.write(`${JSON.stringify({ url: baseUrl, ...result })}\n`);
      });
    },
  );
}
