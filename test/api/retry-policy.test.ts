import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, type ApiErrorKind } from '../../src/api/errors/api-error.js';
import { parseRetryAfter } from '../../src/api/transport/retry-after.js';
import { RetryAfterTooLongError } from '../../src/api/errors/retry-after-too-long-error.js';
import { DEFAULT_RETRY_OPTIONS, runWithRetries, type RetryOptions } from '../../src/api/transport/retry-policy.js';

const failure = (kind: ApiErrorKind, retryAfterMs?: number): ApiError =>
  new ApiError({ kind, method: 'POST', path: '/business/1', status: kind === 'rate-limited' ? 429 : 503, retryAfterMs });

/**
 * Runs `runWithRetries` over scripted outcomes on a virtual clock: back-offs move it and are recorded, never waited; so
 * are the pauses a 429 hands to the budget, as its next turn would wait them.
 */
async function replay(outcomes: (ApiError | 'ok')[], options: Partial<RetryOptions> = {}, random = () => 1, attemptMs = 0) {
  const sleeps: number[] = [];
  const pauses: number[] = [];
  let attempts = 0;
  let now = 0;
  const result = runWithRetries(
    () => {
      const outcome = outcomes[attempts++] ?? 'ok';
      now += attemptMs;
      return outcome === 'ok' ? Promise.resolve('done') : Promise.reject(outcome);
    },
    {
      options: { ...DEFAULT_RETRY_OPTIONS, ...options },
      random,
      now: () => now,
      sleep: (ms) => {
        sleeps.push(ms);
        now += ms;
        return Promise.resolve();
      },
      onRetry: (error, ms) => {
        if (error.kind !== 'rate-limited') return;
        pauses.push(ms);
        now += ms;
      },
    },
  );
  const settled = await result.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return { ...settled, sleeps, pauses, attempts, elapsedMs: now };
}

describe('Retry-After', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it('reads seconds', () => {
    expect(parseRetryAfter('60', now)).toBe(60_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date, never below zero', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:59:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    // Neither seconds nor a date: left to the back-off, not read as a day of 2001 long past.
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('1, 2', now)).toBeUndefined();
  });
});

describe('retries', () => {
  it("hands the Retry-After of a 429 to the budget's pause, then retries without a wait of its own", async () => {
    const run = await replay([failure('rate-limited', 2000), failure('rate-limited', 0)]);
    expect(run).toMatchObject({ value: 'done', pauses: [2000, 0], sleeps: [], attempts: 3 });
  });

  it('pauses for a back-off after a 429 that gives no Retry-After', async () => {
    const run = await replay([failure('rate-limited'), failure('rate-limited')], { baseDelayMs: 100 }, () => 0.5);
    expect(run).toMatchObject({ value: 'done', pauses: [50, 100], sleeps: [] });
  });

  it('backs off exponentially with full jitter after 5xx, timeouts and resets', async () => {
    const run = await replay([failure('server-error'), failure('timeout'), failure('network'), failure('server-error')], { baseDelayMs: 100, maxDelayMs: 500 });
    // random() = 1 draws the ceiling: 100, 200, 400, then capped at 500.
    expect(run).toMatchObject({ value: 'done', sleeps: [100, 200, 400, 500] });
    const jittered = await replay([failure('server-error'), failure('server-error')], { baseDelayMs: 100 }, () => 0.25);
    expect(jittered.sleeps).toEqual([25, 50]);
  });

  it('keeps trying through an outage for its time budget, back-offs capped at a few seconds', async () => {
    const error = failure('server-error');
    const options = { ...DEFAULT_RETRY_OPTIONS, baseDelayMs: 500, maxDelayMs: 5000, maxOutageMs: 120_000 };
    /** A service down for `outageMs` of the virtual clock; each attempt takes a second to fail. */
    async function through(outageMs: number) {
      let now = 0;
      const sleeps: number[] = [];
      const settled = await runWithRetries(
        () => {
          now += 1000;
          return now <= outageMs ? Promise.reject(error) : Promise.resolve('done');
        },
        { options, random: () => 1, now: () => now, sleep: (ms) => Promise.resolve(sleeps.push(ms)).then(() => void (now += ms)), onRetry: () => undefined },
      ).then(
        (value) => ({ value }),
        (reason: unknown) => ({ reason }),
      );
      return { settled, sleeps, now };
    }
    const minute = await through(60_000);
    expect(minute.settled).toEqual({ value: 'done' });
    expect(Math.max(...minute.sleeps)).toBe(5000);
    // Back within a back-off of the service's return.
    expect(minute.now).toBeLessThanOrEqual(60_000 + 5000 + 1000);
    const endless = await through(Number.POSITIVE_INFINITY);
    expect(endless.settled).toEqual({ reason: error });
    // Gives up once two minutes have passed since the first failure, not after a count of attempts.
    expect(endless.now).toBeGreaterThanOrEqual(120_000);
    expect(endless.now).toBeLessThanOrEqual(120_000 + 1000 + 1000);
  });

  it('waits out 429s for a time budget, not a count', async () => {
    const limited = failure('rate-limited', 1000);
    const storm = await replay(Array.from({ length: 60 }, () => limited), { maxRateWaitMs: 15 * 60_000 });
    expect(storm).toMatchObject({ value: 'done', attempts: 61 });
    const longer = await replay(Array.from({ length: 10 }, () => limited), { maxRateWaitMs: 5000 });
    expect(longer).toMatchObject({ error: limited, pauses: [1000, 1000, 1000, 1000, 1000] });
  });

  it('stops at once on a Retry-After above the cap, seconds or an HTTP date alike', async () => {
    const day = failure('rate-limited', 86_400_000);
    const run = await replay([day], { maxRetryAfterMs: 300_000 });
    expect(run.pauses).toEqual([]);
    const error = 'error' in run ? run.error : undefined;
    expect(error).toBeInstanceOf(RetryAfterTooLongError);
    expect(String(error)).toContain('the service asked to wait 86400 s; more than --max-retry-after 300');
    const endless = await replay([failure('rate-limited', parseRetryAfter('99999999999999999999', 0))]);
    expect(String('error' in endless ? endless.error : undefined)).toContain('the service asked to wait more than a year; more than --max-retry-after');
    const dated = await replay([failure('rate-limited', parseRetryAfter('Fri, 02 Jan 2026 12:00:00 GMT', Date.UTC(2026, 0, 1, 12)))]);
    expect('error' in dated ? dated.error : undefined).toBeInstanceOf(RetryAfterTooLongError);
  });

  it.each(['invalid-request', 'not-authorized', 'not-found'] as const)('does not retry %s', async (kind) => {
    const error = new ApiError({ kind, method: 'GET', path: '/business/1', status: 400 });
    expect(await replay([error])).toMatchObject({ error, attempts: 1, sleeps: [], pauses: [] });
  });

  it('does not retry a 401', async () => {
    const error = new AuthenticationError({ method: 'GET', path: '/business/search' });
    expect(await replay([error])).toMatchObject({ error, attempts: 1, sleeps: [], pauses: [] });
  });
});
