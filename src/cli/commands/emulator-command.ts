import type { Argv } from 'yargs';
import type { CommandContext, GlobalOptions } from '../command-context.js';
import { DEFAULT_EMULATOR_OPTIONS } from '../../emulator/emulator.js';
import { parseQuirks, QUIRK_USAGE } from '../../emulator/pipeline/quirks.js';
import { runEmulator } from '../../emulator/run-emulator.js';
import { epochTimeOf } from '../../api/pacing/clock.js';
import { nextStopSignal } from '../stop-signal.js';
import { UserError } from '../../user-error.js';

/** Why a server could not listen, by the system's code, for what the user can change. */
const LISTEN_FAILURES: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is in use. Give another --port, or --port 0 for a free one.',
  EACCES: 'this user may not listen on that port. Give a --port from 1024, or --port 0 for a free one.',
  EADDRNOTAVAIL: "the address is not this machine's. Give a --host of this machine, 127.0.0.1 by default.",
};

export function emulatorCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  const { logger } = context;
  return yargs.command(
    'emulator',
    'Serve the built-in API emulator on 127.0.0.1 (prints its URL and keys: in words on a terminal, else one JSON line)',
    (command) =>
      command
        // This command is the emulator: the global flags that start one in-process mean nothing here.
        .hide('emulator')
        .hide('emulator-role')
        .option('port', { type: 'number', default: 4010, describe: 'TCP port; 0 picks a free one' })
        .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on' })
        .option('seed', { type: 'number', default: DEFAULT_EMULATOR_OPTIONS.seed, describe: 'Seed of the generated data and faults' })
        .option('businesses', { type: 'number', default: DEFAULT_EMULATOR_OPTIONS.businesses, describe: 'Number of seeded businesses' })
        .option('orgs', { type: 'number', default: DEFAULT_EMULATOR_OPTIONS.orgs, describe: 'Number of seeded organizations, the businesses spread over them' })
        .option('feedback', { type: 'number', default: DEFAULT_EMULATOR_OPTIONS.feedback, describe: 'Number of seeded feedback results' })
        .option('rate-per-minute', { type: 'number', default: DEFAULT_EMULATOR_OPTIONS.ratePerMinute, describe: 'Requests per minute per organization before 429' })
        .option('rate-window-s', { type: 'number', default: DEFAULT_EMULATOR_OPTIONS.rateWindowMs / 1000, describe: 'Sliding window of the rate limit, in seconds' })
        .option('latency-ms', { type: 'number', default: 0, describe: 'Latency added to every answer' })
        .option('latency-jitter-ms', { type: 'number', default: 0, describe: 'Random extra latency, up to this' })
        .option('fault-rate', { type: 'number', default: 0, describe: 'Share of requests answered 500 or 503 (0 to 1)' })
        .option('reset-rate', { type: 'number', default: 0, describe: 'Share of connections reset without an answer (0 to 1)' })
        .option('slow-body-rate', { type: 'number', default: 0, describe: 'Share of answers whose body is sent slowly (0 to 1)' })
        .option('slow-body-ms', { type: 'number', default: 2000, describe: 'How long a slow body takes' })
        .option('quirks', { type: 'string', describe: `Behaviours of a real service to take on, comma-separated: ${QUIRK_USAGE}`, coerce: parseQuirks })
        .check((argv) => {
          const port = argv.port;
          if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer from 0 to 65535, got ${String(port)}`);
          for (const name of ['fault-rate', 'reset-rate', 'slow-body-rate'] as const) {
            const rate = argv[name];
            if (!(rate >= 0 && rate <= 1)) throw new Error(`--${name} must be a share between 0 and 1, got ${String(rate)}`);
          }
          if (!Number.isInteger(argv.orgs) || argv.orgs < 1) throw new Error(`--orgs must be a whole number of at least 1, got ${String(argv.orgs)}`);
          if (!(argv['rate-per-minute'] > 0)) throw new Error('--rate-per-minute must be a positive number');
          return true;
        }),
    async (argv) => {
      const { io } = context;
      await runEmulator(
        {
          host: argv.host,
          port: argv.port,
          human: io.stdout.isTTY === true,
          announce: (line) => io.stdout.write(`${line}\n`),
          until: nextStopSignal(io.signals),
          emulator: {
            ...(io.clock === undefined ? {} : { now: epochTimeOf(io.clock) }),
            seed: argv.seed,
            businesses: argv.businesses,
            orgs: argv.orgs,
            feedback: argv.feedback,
            ratePerMinute: argv['rate-per-minute'],
            rateWindowMs: argv['rate-window-s'] * 1000,
            latencyMs: argv['latency-ms'],
            latencyJitterMs: argv['latency-jitter-ms'],
            faultRate: argv['fault-rate'],
            resetRate: argv['reset-rate'],
            slowBodyRate: argv['slow-body-rate'],
            slowBodyMs: argv['slow-body-ms'],
            quirks: argv.quirks ?? {},
          },
        },
        logger,
      ).catch((error: unknown) => {
        throw toListenError(error, `${argv.host}:${String(argv.port)}`);
      });
    },
  );
}

/** A server that could not listen, as the user can mend it; any other error as it is. */
function toListenError(error: unknown, address: string): unknown {
  const why = LISTEN_FAILURES[(error as NodeJS.ErrnoException).code ?? ''];
  return why === undefined ? error : new UserError(`Could not serve the emulator on ${address}: ${why}`);
}
