import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, RetryAfterError, type ApiErrorKind } from '../../src/api/api-error.js';
import { parseRetryAfter } from '../../src/api/retry-after.js';
import { DEFAULT_RETRY_OPTIONS, runWithRetries, type RetryOptions } from '../../src/api/retry-policy.js';

const failure = (kind: ApiErrorKind, retryAfterMs?: number): ApiError =>
  new ApiError({ kind, method: 'POST', path: '/business/1', status: kind === 'rate-limited' ? 429 : 503, retryAfterMs });

/** Runs `runWithRetries` over scripted outcomes on a virtual clock: sleeps move it and are recorded, never waited; each attempt takes `attemptMs`. */
async function replay(outcomes: (ApiError | 'ok')[], options: Partial<RetryOptions> = {}, random = () => 1, attemptMs = 0) {
  const sleeps: number[] = [];
  let attempts = 0;
  let now = 0;
  const result = runWithRetries(
    () => {
      now += attemptMs;
      const outcome = outcomes[attempts++] ?? 'ok';
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
    },
  );
  const settled = await result.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return { ...settled, sleeps, attempts };
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
  });
});

describe('retries', () => {
  it('waits Retry-After after a 429, then retries', async () => {
    const run = await replay([failure('rate-limited', 2000), failure('rate-limited', 0)]);
    expect(run).toMatchObject({ value: 'done', sleeps: [2000, 0], attempts: 3 });
  });

  it('backs off after a 429 that gives no Retry-After', async () => {
    const run = await replay([failure('rate-limited'), failure('rate-limited')], { baseDelayMs: 100 }, () => 0.5);
    expect(run).toMatchObject({ value: 'done', sleeps: [50, 100] });
  });

  it('backs off exponentially with full jitter after 5xx, timeouts and resets', async () => {
    const run = await replay([failure('server-error'), failure('timeout'), failure('network'), failure('server-error')], { baseDelayMs: 100, maxDelayMs: 500 });
    // random() = 1 draws the ceiling: 100, 200, 400, then capped at 500.
    expect(run).toMatchObject({ value: 'done', sleeps: [100, 200, 400, 500] });
    const jittered = await replay([failure('server-error'), failure('server-error')], { baseDelayMs: 100 }, () => 0.25);
    expect(jittered.sleeps).toEqual([25, 50]);
  });

  it('waits out an outage of 60 s with back-offs of at most a few seconds, then resumes', async () => {
    const error = failure('server-error');
    // Every attempt takes 100 ms; 16 failures span 0.5 + 1 + 2 + 13 × 4 s of waits: the service is back after about 57 s.
    const outage = Array.from({ length: 16 }, () => error);
    const run = await replay(outage, {}, () => 1, 100);
    expect(run).toMatchObject({ value: 'done', attempts: 17 });
    expect(run.sleeps.reduce((total, ms) => total + ms, 0)).toBe(55_500);
    expect(Math.max(...run.sleeps)).toBe(DEFAULT_RETRY_OPTIONS.maxDelayMs);
    expect(DEFAULT_RETRY_OPTIONS.maxDelayMs).toBeLessThanOrEqual(5000);
  });

  it('does not fail a write answered 503 five times within 2.5 s', async () => {
    const error = failure('server-error');
    const run = await replay([error, error, error, error, error], { baseDelayMs: 100 }, () => 1, 100);
    expect(run).toMatchObject({ value: 'done', attempts: 6 });
  });

  it('gives up once the outage budget is spent, its last wait cut to what is left', async () => {
    const error = failure('server-error');
    const run = await replay(Array.from({ length: 100 }, () => error), { baseDelayMs: 1000, maxDelayMs: 4000, maxOutageMs: 10_000 });
    expect(run.sleeps).toEqual([1000, 2000, 4000, 3000]);
    expect(run).toMatchObject({ error, attempts: 5 });
  });

  it('waits out 429s within the rate-wait budget, not a count of them', async () => {
    const limited = failure('rate-limited', 30_000);
    const storm = Array.from({ length: 30 }, () => limited);
    expect(await replay(storm)).toMatchObject({ value: 'done', attempts: 31 });
    const run = await replay(storm, { maxRateWaitMs: 100_000 });
    expect(run).toMatchObject({ error: limited, sleeps: [30_000, 30_000, 30_000, 10_000] });
  });

  it('stops at once when Retry-After asks for more than the cap, in seconds or as an HTTP date', async () => {
    const run = await replay([failure('rate-limited', 86_400_000)]);
    expect(run).toMatchObject({ sleeps: [], attempts: 1 });
    const { error } = run as { error?: unknown };
    expect(error).toBeInstanceOf(RetryAfterError);
    expect(error).toMatchObject({ exitCode: 1, name: 'RetryAfterError' });
    expect((error as RetryAfterError).message).toContain('the service asked to wait 86400 s; more than --max-retry-after 300');
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const dated = await replay([failure('rate-limited', parseRetryAfter('Thu, 01 Jan 2026 12:10:00 GMT', now))]);
    expect(((dated as { error?: RetryAfterError }).error)?.message).toContain('the service asked to wait 600 s; more than --max-retry-after 300');
    expect(await replay([failure('rate-limited', 300_000)])).toMatchObject({ value: 'done', sleeps: [300_000] });
  });

  it('does not retry a redirect', async () => {
    const error = new ApiError({ kind: 'redirect', method: 'POST', path: '/business/1', status: 302, location: 'http://elsewhere/' });
    expect(await replay([error])).toMatchObject({ error, attempts: 1, sleeps: [] });
    expect(error.message).toContain('(302) to http://elsewhere/');
  });

  it.each(['invalid-request', 'not-authorized', 'not-found'] as const)('does not retry %s', async (kind) => {
    const error = new ApiError({ kind, method: 'GET', path: '/business/1', status: 400 });
    expect(await replay([error])).toMatchObject({ error, attempts: 1, sleeps: [] });
  });

  it('does not retry a 401', async () => {
    const error = new AuthenticationError({ method: 'GET', path: '/business/search' });
    expect(await replay([error])).toMatchObject({ error, attempts: 1, sleeps: [] });
  });
});
