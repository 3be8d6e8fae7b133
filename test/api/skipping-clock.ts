import type { Clock } from '../../src/api/pacing/clock.js';

export interface SkippingClock extends Clock {
  /** Every wait asked for, in milliseconds, in order. */
  readonly sleeps: number[];
  /** Moves the clock forward as if `ms` had passed: an outage lasts as long as a test says, at once. */
  advance(ms: number): void;
}

/** Real time plus every wait asked for: sleeping moves the clock forward at once, so a 30 s Retry-After is recorded, not waited. */
export function createSkippingClock(): SkippingClock {
  let skipped = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => performance.now() + skipped,
    sleep(ms) {
      sleeps.push(ms);
      skipped += ms;
      return Promise.resolve();
    },
    advance(ms) {
      skipped += ms;
    },
  };
}
