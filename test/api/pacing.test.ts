import fc from 'fast-check';
import { setMaxListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AdaptiveRate } from '../../src/api/adaptive-rate.js';
import { OrgPacer } from '../../src/api/org-pacer.js';
import { PacerRegistry } from '../../src/api/pacer-registry.js';
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
