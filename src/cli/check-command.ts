import type { Argv } from 'yargs';
import type { CommandContext, GlobalOptions } from './command-context.js';
import { createApiClient } from '../api/api-client.js';
import { checkConnection } from '../jobs/check-connection.js';
import { openApiTarget } from './api-target.js';

export function checkCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  const { logger } = context;
  return yargs.command(
    'check',
    'Check the API address and key with one request; prints {"url", "businesses"} on stdout',
    (command) => command,
    async (argv) => {
      const target = await openApiTarget({ emulator: argv.emulator, emulatorRole: argv['emulator-role'] }, logger);
      const client = createApiClient(target.settings);
      try {
        const result = await checkConnection(client, logger);
        process.stdout.write(`${JSON.stringify({ url: target.settings.baseUrl, ...result })}\n`);
      } finally {
        await client.close();
        await target.close();
      }
    },
  );
}
