import fc from 'fast-check';
import { setMaxListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AdaptiveRate } from '../../src/api/pacing/adaptive-rate.js';
import { OrgBudget, OrgBudgets, type BudgetOptions, type SharedTurn } from '../../src/api/pacing/org-budget.js';
import type { Clock } from '../../src/api/pacing/clock.js';
import { VirtualClock } from './virtual-clock.js';

const WINDOW_MS = 10_000;

/** A budget of 300/min with 8 slots on `clock`, unless told otherwise. */
const optionsOn = (clock: Clock, options: Partial<BudgetOptions> = {}): BudgetOptions => ({ ratePerMinute: 300, concurrency: 8, clock, stop: new AbortController().signal, ...options });

/** Runs `count` requests through a budget, each in flight for `latencyMs`; returns their start times. */
function pushRequests(budget: OrgBudget, clock: VirtualClock, count: number, latencyMs: number, onStart?: (index: number, at: number) => void): number[] {
  const signal = new AbortController().signal;
  setMaxListeners(0, signal);
  const starts: number[] = [];
  for (let index = 0; index < count; index++) {
    void budget.schedule(async () => {
      const at = await budget.waitTurn(signal);
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

describe('spacing of starts', () => {
  it('lets at most ceil(N/6) requests start in any 10 s window', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1500 }), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 400 }), async (rate, concurrency, latencyMs) => {
        const clock = new VirtualClock();
        const starts = pushRequests(new OrgBudget(optionsOn(clock, { ratePerMinute: rate, concurrency })), clock, Math.ceil(rate / 6) * 2 + 3, latencyMs);
        await clock.run();
        expect(busiestWindow(starts)).toBeLessThanOrEqual(Math.ceil(rate / 6));
      }),
      { numRuns: 40 },
    );
  });

  it('still reaches the budget when latency is high: concurrency hides it', async () => {
    const clock = new VirtualClock();
    const starts = pushRequests(new OrgBudget(optionsOn(clock)), clock, 101, 150);
    await clock.run();
    // 100 intervals of 200 ms, widened by the 2 % safety margin only.
    expect(starts.at(-1)).toBeCloseTo(100 * 200 * 1.02, 6);
  });
});

describe('timing of starts', () => {
  const signal = new AbortController().signal;

  it('does not let a late timer push every later start back', async () => {
    const clock = new VirtualClock();
    // Every sleep overshoots by 3 ms, as real timers do under load.
    const late = { now: () => clock.now(), sleep: (ms: number, abort: AbortSignal) => clock.sleep(ms + 3, abort) };
    const starts = pushRequests(new OrgBudget(optionsOn(late)), clock, 51, 0);
    await clock.run();
    expect(starts.at(-1)).toBeCloseTo(50 * 204 + 3, 6);
  });

  it('does not burst to catch up after an idle spell', async () => {
    const clock = new VirtualClock();
    const budget = new OrgBudget(optionsOn(clock));
    const first = pushRequests(budget, clock, 1, 0);
    void clock.sleep(10_000, signal);
    await clock.run();
    const later = pushRequests(budget, clock, 3, 0);
    await clock.run();
    expect(first).toEqual([0]);
    expect(later[0]).toBe(10_000);
    expect(later[1]).toBeCloseTo(10_204, 6);
    expect(later[2]).toBeCloseTo(10_408, 6);
  });
});

describe('budgets of organizations', () => {
  it('keeps one budget per organization, shared by every caller', () => {
    const budgets = new OrgBudgets(optionsOn(new VirtualClock()));
    expect(budgets.budgetFor(1)).toBe(budgets.budgetFor(1));
    expect(budgets.budgetFor(1)).not.toBe(budgets.budgetFor(2));
    expect(budgets.budgetFor(undefined)).toBe(budgets.budgetFor(undefined));
    expect(Object.keys(budgets.readCounters().organizations)).toEqual(['org:1', 'org:2', 'own']);
  });

  it('gives each organization its full budget, in parallel', async () => {
    const clock = new VirtualClock();
    const budgets = new OrgBudgets(optionsOn(clock));
    const first = pushRequests(budgets.budgetFor(1), clock, 51, 150);
    const second = pushRequests(budgets.budgetFor(2), clock, 51, 150);
    await clock.run();
    for (const starts of [first, second]) {
      expect(starts).toHaveLength(51);
      expect(starts.at(-1)).toBeCloseTo(50 * 204, 6);
    }
  });

  it('pauses only the organization that got a 429, for its Retry-After, and halves its rate', async () => {
    const clock = new VirtualClock();
    const budgets = new OrgBudgets(optionsOn(clock));
    const limited = budgets.budgetFor(1);
    const other = budgets.budgetFor(2);
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

  it('extends a pause under way to the end a later 429 asks, never waiting it twice', async () => {
    const clock = new VirtualClock();
    const budget = new OrgBudget(optionsOn(clock));
    const starts = pushRequests(budget, clock, 3, 50, (index, at) => {
      if (index === 0) budget.noteRateLimited(30_000, at);
    });
    // A second 429, answered 10 s into the pause, asks for 30 s more from then.
    void clock.sleep(10_000, new AbortController().signal).then(() => {
      budget.noteRateLimited(30_000, 0);
    });
    await clock.run();
    expect(starts[0]).toBe(0);
    expect(starts[1]).toBe(40_000);
    expect(starts[2]).toBeCloseTo(40_000 + (60_000 / budget.ratePerMinute) * 1.02, 6);
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

describe('turns of a shared budget', () => {
  it('holds the requests waiting for a shared turn during a 429 pause, and spaces them at the lowered rate after it', async () => {
    const clock = new VirtualClock();
    // The other processes leave 5 turns in 3 s: requests wait for the shared turn more than for the gate.
    const budget = new OrgBudget(optionsOn(clock), sharedWindowTurns(clock, 5, 3000));
    let limitedAt = 0;
    const starts = pushRequests(budget, clock, 30, 50, (index, at) => {
      if (index !== 7) return;
      limitedAt = at;
      budget.noteRateLimited(5000, at);
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
    const budget = new OrgBudget(optionsOn(clock), async (signal) => {
      await windows(signal);
      turns.push(clock.now());
    });
    const starts = pushRequests(budget, clock, 20, 50);
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
