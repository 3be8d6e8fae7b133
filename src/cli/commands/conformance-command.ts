import type { Argv } from 'yargs';
import { runConformance } from '../../jobs/conformance/run-conformance.js';
import { withApiSession } from '../api-session.js';
import type { CommandContext, GlobalOptions } from '../command-context.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatConformance } from '../format-conformance.js';
import { checkRetryFlags, jsonFlag, readSessionFlags, RETRY_FLAG_OPTIONS } from '../client-flags.js';

export function conformanceCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  return yargs.command(
    'conformance',
    'Check, with reads only, the assumptions the client makes of the API; exit 1 when one would block a run',
    (command) =>
      command
        .option('write-probe', { type: 'string', describe: "c-CODE: also send this business's current name unchanged, to see how writes are answered" })
        .option('json', jsonFlag('the checks'))
        .options(RETRY_FLAG_OPTIONS)
        .check((argv) => {
          const probe = argv['write-probe'];
          if (probe !== undefined && !/^c-.+/s.test(probe)) return `--write-probe takes c-<store code>, got '${probe}'`;
          return checkRetryFlags(argv);
        }),
    async (argv) => {
      await withApiSession(context, readSessionFlags(argv), async ({ client, baseUrl, progress }) => {
        const probe = argv['write-probe'];
        const result = await runConformance(client, probe === undefined ? {} : { writeProbe: probe }, context.logger);
        progress.stop();
        const { outage, ...shown } = result;
        const json = { url: baseUrl, ...shown, ...(outage === undefined ? {} : { unreachable: outage.message }) };
        context.io.stdout.write(argv.json ? `${JSON.stringify(json)}\n` : formatConformance(baseUrl, result));
        // The checks known are printed first; a service out of reach then ends the command as it ends any other (exit 1).
        if (outage !== undefined) throw outage;
        context.requestExit(result.passed ? EXIT_CODES.success : EXIT_CODES.failed);
      });
    },
  );
}
