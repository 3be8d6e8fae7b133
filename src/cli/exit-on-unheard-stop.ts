import { EXIT_CODES } from './exit-codes.js';

type StopSignal = 'SIGINT' | 'SIGTERM';

/** What of `process` the stop needs: tests pass their own. */
export interface SignalTarget {
  on(signal: StopSignal, listener: () => void): unknown;
  listenerCount(signal: StopSignal): number;
  exit(code: number): void;
}

/**
 * Ends the process at a SIGINT or SIGTERM that no command listens for yet (the CLI still loading, a
 * command not started), as a signal's default action does elsewhere: a container's PID 1 ignores a
 * signal it has no listener for, so a `docker stop` there would wait for its SIGKILL, mid-run.
 */
export function exitOnUnheardStop(target: SignalTarget): void {
  for (const [signal, code] of [['SIGINT', EXIT_CODES.interrupted], ['SIGTERM', EXIT_CODES.terminated]] as const) {
    target.on(signal, () => {
      if (target.listenerCount(signal) === 1) target.exit(code);
    });
  }
}
