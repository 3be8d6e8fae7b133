import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseSharedWindow } from '../../src/api/pacing/shared-window.js';

describe('chooseSharedWindow', () => {
  it('gives 14 requests per 3 s for 300/min: 280/min, the most whole-second windows allow', () => {
    expect(chooseSharedWindow(300, 60_000)).toEqual({ durationS: 3, points: 14 });
  });

  it('keeps every sliding window under the budget, however the fixed windows fall', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 100_000 }), fc.integer({ min: 1000, max: 120_000 }), (ratePerMinute, windowMs) => {
        const { durationS, points } = chooseSharedWindow(ratePerMinute, windowMs);
        const budget = (ratePerMinute * windowMs) / 60_000;
        fc.pre(budget >= 2);
        expect((Math.ceil(windowMs / 1000 / durationS) + 1) * points).toBeLessThanOrEqual(budget);
      }),
    );
  });
});
