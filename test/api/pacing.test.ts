import fc from 'fast-check';
import { setMaxListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AdaptiveRate } from '../../src/api/pacing/adaptive-rate.js';
import { OrgPacer, type SharedTurn } from '../../src/api/pacing/org-pacer.js';
import { PacerRegistry } from '../../src/api/pacing/pacer-registry.js';
import { VirtualClock } from './virtual-clock.js';

const WINDOW_MS = 10_000;

/** Runs `count` requests through a pacer, each in flight for `latencyMs`; returns their start times. */
function pushRequests(pacer: OrgPacer, clock: VirtualClock, count: number, latencyMs: number, onStart?: (index: number, at: number) => void): number[] {
  const signal = new AbortController().signal;
  setMaxListeners(0, signal);
  const starts: number[] = [];
  for (let index = 0; index < count; index++) {
    void pacer.schedule(async () => {
      const at = await pacer.waitTurn(signal);
      starts.push(at);
      onStart?.(index, at);
      await clock.sleep(latencyMs, signal);
    }, signal);
  }
  return starts;
}

/** The most starts in any closed window of `WINDOW_MS`. */
function busiestWindow(starts: readonly number[]): number {
  return Math.max(...starts.map((from) => starts.filter((at) => at >= from && at <= from + WINDOW_MS).length));
}

describe('start gate', () => {
  it('lets at most ceil(N/6) requests start in any 10 s window', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1500 }), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 400 }), async (rate, concurrency, latencyMs) => {
        const clock = new VirtualClock();
        const pacer = new OrgPacer({ ratePerMinute: rate, concurrency, clock });
        const starts = pushRequests(pacer, clock, Math.ceil(rate / 6) * 2 + 3, latencyMs);
        await clock.run();
        expect(busiestWindow(starts)).toBeLessThanOrEqual(Math.ceil(rate / 6));
      }),
      { numRuns: 40 },
    );
  });

  it('still reaches the budget when latency is high: concurrency hides it', async () => {
    const clock = new VirtualClock();
    const pacer = new OrgPacer({ ratePerMinute: 300, concurrency: 8, clock });
    const starts = pushRequests(pacer, clock, 101, 150);
    await clock.run();
    // 100 intervals of 200 ms, widened by the 2 % safety margin only.
    expect(starts.at(-1)).toBeCloseTo(100 * 200 * 1.02, 6);
  });
});

describe('start gate timing', () => {
  const signal = new AbortController().signal;

  it('does not let a late timer push every later start back', async () => {
    const clock = new VirtualClock();
    // Every sleep overshoots by 3 ms, as real timers do under load.
    const late = { now: () => clock.now(), sleep: (ms: number, abort: AbortSignal) => clock.sleep(ms + 3, abort) };
    const pacer = new OrgPacer({ ratePerMinute: 300, concurrency: 8, clock: late });
    const starts = pushRequests(pacer, clock, 51, 0);
    await clock.run();
    expect(starts.at(-1)).toBeCloseTo(50 * 204 + 3, 6);
  });

  it('does not burst to catch up after an idle spell', async () => {
    const clock = new VirtualClock();
    const pacer = new OrgPacer({ ratePerMinute: 300, concurrency: 8, clock });
    const first = pushRequests(pacer, clock, 1, 0);
    void clock.sleep(10_000, signal);
    await clock.run();
    const later = pushRequests(pacer, clock, 3, 0);
    await clock.run();
    expect(first).toEqual([0]);
    expect(later[0]).toBe(10_000);
    expect(later[1]).toBeCloseTo(10_204, 6);
    expect(later[2]).toBeCloseTo(10_408, 6);
  });
});

describe('pacer registry', () => {
  it('keeps one pacer per organization, shared by every caller', () => {
    const registry = new PacerRegistry({ ratePerMinute: 300, concurrency: 8, clock: new VirtualClock() });
    expect(registry.pacerFor(1)).toBe(registry.pacerFor(1));
    expect(registry.pacerFor(1)).not.toBe(registry.pacerFor(2));
    expect(registry.pacerFor(undefined)).toBe(registry.pacerFor(undefined));
    expect(Object.keys(registry.readCounters().organizations)).toEqual(['org:1', 'org:2', 'own']);
  });

  it('gives each organization its full budget, in parallel', async () => {
    const clock = new VirtualClock();
    const registry = new PacerRegistry({ ratePerMinute: 300, concurrency: 8, clock });
    const first = pushRequests(registry.pacerFor(1), clock, 51, 150);
    const second = pushRequests(registry.pacerFor(2), clock, 51, 150);
    await clock.run();
    for (const starts of [first, second]) {
      expect(starts).toHaveLength(51);
      expect(starts.at(-1)).toBeCloseTo(50 * 204, 6);
    }
  });

  it('pauses only the organization that got a 429, for its Retry-After, and halves its rate', async () => {
    const clock = new VirtualClock();
    const registry = new PacerRegistry({ ratePerMinute: 300, concurrency: 8, clock });
    const limited = registry.pacerFor(1);
    const other = registry.pacerFor(2);
    const limitedStarts = pushRequests(limited, clock, 10, 50, (index, at) => {
      if (index === 4) limited.noteRateLimited(30_000, at);
    });
    const otherStarts = pushRequests(other, clock, 40, 50);
    await clock.run();
    const fifth = limitedStarts[4] ?? 0;
    expect(limitedStarts[5]).toBeGreaterThanOrEqual(fifth + 30_000);
    expect(otherStarts.at(-1)).toBeCloseTo(39 * 204, 6);
    expect(limited.ratePerMinute).toBe(150);
    expect(other.ratePerMinute).toBe(300);
  });
});

/**
 * A budget other processes share, on the virtual clock: `points` turns per fixed window of
 * `windowMs`, each window starting at its first turn, as the Redis counter gives them; a turn
 * refused waits for the window's end.
 */
function sharedWindowTurns(clock: VirtualClock, points: number, windowMs: number): SharedTurn {
  let windowStart = -Infinity;
  let taken = 0;
  return async (signal) => {
    for (;;) {
      if (clock.now() >= windowStart + windowMs) {
        windowStart = clock.now();
        taken = 0;
      }
      if (taken < points) {
        taken++;
        return;
      }
      await clock.sleep(windowStart + windowMs - clock.now(), signal);
    }
  };
}

describe('start gate with a shared budget', () => {
  it('holds the requests waiting for a shared turn during a 429 pause, and spaces them at the lowered rate after it', async () => {
    const clock = new VirtualClock();
    // The other processes leave 5 turns in 3 s: requests wait for the shared turn more than for the gate.
    const pacer = new OrgPacer({ ratePerMinute: 300, concurrency: 8, clock }, sharedWindowTurns(clock, 5, 3000));
    let limitedAt = 0;
    const starts = pushRequests(pacer, clock, 30, 50, (index, at) => {
      if (index !== 7) return;
      limitedAt = at;
      pacer.noteRateLimited(5000, at);
    });
    await clock.run();
    expect(starts).toHaveLength(30);
    const after = starts.slice(8);
    expect(after.filter((at) => at < limitedAt + 5000)).toEqual([]);
    const halvedIntervalMs = (60_000 / 150) * 1.02;
    for (let index = 1; index < after.length; index++) expect((after[index] ?? 0) - (after[index - 1] ?? 0)).toBeGreaterThanOrEqual(halvedIntervalMs - 1e-6);
  });

  it('gives each start a shared turn taken at that start', async () => {
    const clock = new VirtualClock();
    const turns: number[] = [];
    const windows = sharedWindowTurns(clock, 5, 3000);
    const pacer = new OrgPacer({ ratePerMinute: 300, concurrency: 8, clock }, async (signal) => {
      await windows(signal);
      turns.push(clock.now());
    });
    const starts = pushRequests(pacer, clock, 20, 50);
    await clock.run();
    expect(turns).toEqual(starts);
    // 5 starts per 3 s window, 204 ms apart within one.
    expect(starts.slice(0, 6)).toEqual([0, 204, 408, 612, 816, 3000]);
  });
});

describe('adaptive rate', () => {
  it('halves once per wave of 429s, never below a floor, and recovers with each answer', () => {
    const rate = new AdaptiveRate(300);
    rate.decrease(100, 150);
    // Sent before the cut: already counted.
    rate.decrease(120, 160);
    expect(rate.perMinute).toBe(150);
    for (let time = 200; time < 2000; time += 100) rate.decrease(time, time);
    expect(rate.perMinute).toBe(300 / 16);
    for (let answers = 0; answers < 60; answers++) rate.increase();
    expect(rate.perMinute).toBe(300);
  });
});
