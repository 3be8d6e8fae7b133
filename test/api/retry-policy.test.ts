import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, type ApiErrorKind } from '../../src/api/api-error.js';
import { parseRetryAfter } from '../../src/api/retry-after.js';
import { DEFAULT_RETRY_OPTIONS, runWithRetries, type RetryOptions } from '../../src/api/retry-policy.js';

const failure = (kind: ApiErrorKind, retryAfterMs?: number): ApiError =>
  new ApiError({ kind, method: 'POST', path: '/business/1', status: kind === 'rate-limited' ? 429 : 503, retryAfterMs });

/** Runs `runWithRetries` over scripted outcomes; sleeps are recorded, never waited. */
async function replay(outcomes: (ApiError | 'ok')[], options: Partial<RetryOptions> = {}, random = () => 1) {
  const sleeps: number[] = [];
  let attempts = 0;
  const result = runWithRetries(
    () => {
      const outcome = outcomes[attempts++] ?? 'ok';
      return outcome === 'ok' ? Promise.resolve('done') : Promise.reject(outcome);
    },
    {
      options: { ...DEFAULT_RETRY_OPTIONS, ...options },
      random,
      sleep: (ms) => {
        sleeps.push(ms);
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

  it('gives up after the maximum of attempts', async () => {
    const error = failure('server-error');
    const run = await replay([error, error, error, error], { maxAttempts: 3, baseDelayMs: 10 });
    expect(run).toMatchObject({ error, attempts: 3, sleeps: [10, 20] });
  });

  it('never waits more than the maximum total delay', async () => {
    const error = failure('server-error');
    const run = await replay([error, error, error, error, error], { maxAttempts: 10, baseDelayMs: 100, maxTotalDelayMs: 250 });
    expect(run.sleeps).toEqual([100, 150]);
    expect(run).toMatchObject({ error, attempts: 3 });
  });

  it('gives up after the maximum of 429 retries', async () => {
    const limited = failure('rate-limited', 1000);
    const run = await replay([limited, limited, limited], { maxRateLimitRetries: 2 });
    expect(run).toMatchObject({ error: limited, attempts: 3, sleeps: [1000, 1000] });
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
