import type { CommandContext, SignalSource } from './command-context.js';
import { EXIT_CODES } from './exit-codes.js';

/** What a stopped import or job says last: its journal lets the same command pick up where it stopped. */
const RESUME = 'stopped: run the same command again to resume';
export const RESUME_HINT = `${RESUME}; --restart to start over`;

/** A job's: `--restart` starts its import steps over, while an export step continues from the pages it saved. */
export const RUN_RESUME_HINT = `${RESUME}; --restart starts its import steps over, and an export step starts over once its <out>.parts folder is deleted`;

/** Resolves at the first SIGINT or SIGTERM: a server's command ends there, its work done. */
export function nextStopSignal(signals: SignalSource): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      resolve();
    };
    signals.once('SIGINT', stop);
    signals.once('SIGTERM', stop);
  });
}

/** What a stop needs of a command: its signals, its logger, and the exit code to ask for. */
export type StopContext = Pick<CommandContext, 'io' | 'logger' | 'requestExit'>;

/**
 * Runs a command with an AbortSignal that SIGINT and SIGTERM fire: the command stops sending,
 * finishes what is in flight and writes its reports; the exit code then says which signal stopped it.
 */
export async function withStopSignal(context: StopContext, run: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  const stop = (signal: 'SIGINT' | 'SIGTERM') => () => {
    context.logger.warn({ signal }, 'stopping: finishing the requests in flight and writing the reports');
    context.requestExit(signal === 'SIGINT' ? EXIT_CODES.interrupted : EXIT_CODES.terminated);
    controller.abort();
  };
  const onInt = stop('SIGINT');
  const onTerm = stop('SIGTERM');
  context.io.signals.once('SIGINT', onInt);
  context.io.signals.once('SIGTERM', onTerm);
  try {
    await run(controller.signal);
  } finally {
    context.io.signals.off('SIGINT', onInt);
    context.io.signals.off('SIGTERM', onTerm);
  }
}
