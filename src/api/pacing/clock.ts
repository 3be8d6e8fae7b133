import { setTimeout as delay } from 'node:timers/promises';

/** Time as the budgets and the retries see it; tests inject a virtual one so they never wait. */
export interface Clock {
  /** Milliseconds on a monotonic scale (only differences matter). */
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};
