import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from '../../src/api/pacing/clock.js';

export interface SkippingClock extends Clock {
  /** Every wait asked for, in milliseconds, in order. */
  readonly sleeps: number[];
  /** Moves the clock forward as if `ms` had passed: an outage lasts as long as a test says, at once. */
  advance(ms: number): void;
}

/**
 * Real time plus the waits asked for: a 30 s Retry-After is recorded, not waited. A wait ends a
 * millisecond later, and only then moves the clock to its end (never back: waits under way
 * together end together), so that requests already sent reach a server on this clock before time
 * jumps ahead of them.
 */
export function createSkippingClock(): SkippingClock {
  let skipped = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => performance.now() + skipped,
    async sleep(ms) {
      sleeps.push(ms);
      const end = performance.now() + skipped + ms;
      await delay(1);
      skipped = Math.max(skipped, end - performance.now());
    },
    advance(ms) {
      skipped += ms;
    },
  };
}
