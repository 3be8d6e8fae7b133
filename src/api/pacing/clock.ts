import { setTimeout as delay } from 'node:timers/promises';

/** Time as the budgets and the retries see it; tests inject a virtual one so they never wait. */
export interface Clock {
  /** Milliseconds on a monotonic scale (only differences matter). */
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** Epoch milliseconds that move as `clock` does: an emulator on a test's clock sees the time its client sees. */
export function epochTimeOf(clock: Clock): () => number {
  const epochAtZero = Date.now() - clock.now();
  return () => epochAtZero + clock.now();
}

export const SYSTEM_CLOCK: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};
