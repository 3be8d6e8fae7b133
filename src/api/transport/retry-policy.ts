import { ApiError, type ApiErrorKind } from '../errors/api-error.js';
import { RetriesSpentError } from '../errors/retries-spent-error.js';
import { RetryAfterTooLongError } from '../errors/retry-after-too-long-error.js';

/*
 * Retries of failed calls. Every write the jobs send is a partial update
 * (POST /business/{id}, POST /org/{id}, POST /business/{id}/attributes) or a
 * set (structured services, custom field order): applying it twice leaves the
 * same state as applying it once, so a retry cannot double an effect, even when
 * the first attempt was applied and only its answer was lost.
 *
 * Budgets are in time, not in counts: an outage or a storm of 429s lasts as
 * long as it lasts, and a count of attempts says nothing of how long that is.
 */

export interface RetryOptions {
  /** Ceiling of the first back-off after a transient failure; it doubles with each one. */
  baseDelayMs: number;
  /** Largest ceiling of one back-off: kept to a few seconds, so a call goes on soon after the service is back. */
  maxDelayMs: number;
  /** How long one call keeps trying through transient failures (5xx, timeouts, connection failures), from the first. */
  maxOutageMs: number;
  /** How long one call may go on being answered 429, from its first: the pauses and the turns between them alike. */
  maxRateWaitMs: number;
  /** A Retry-After longer than this fails the call at once, and gives its organization up for the run, instead of being waited out. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  baseDelayMs: 500,
  maxDelayMs: 5_000,
  maxOutageMs: 120_000,
  maxRateWaitMs: 15 * 60_000,
  maxRetryAfterMs: 300_000,
};

/** Answers that may change on their own; 400, 401, 403 and 404 will not, so they are never retried. */
const TRANSIENT: ReadonlySet<ApiErrorKind> = new Set(['server-error', 'timeout', 'network']);

/** What one call went through so far. */
export interface RetryHistory {
  failures: number;
  /** Clock time of the first transient failure, the start of the outage as this call sees it. */
  firstFailureAt: number | undefined;
  rateLimited: number;
  /** Clock time of the first 429: the pauses of other calls and the slower turns since count as much as this call's own. */
  firstRateLimitedAt: number | undefined;
}

/** A failure that may end on its own: retried for --max-outage. */
export function isTransient(error: ApiError): boolean {
  return TRANSIENT.has(error.kind);
}

/**
 * Milliseconds to wait before the next attempt, or undefined to give up. A Retry-After beyond
 * `maxRetryAfterMs` throws RetryAfterTooLongError: nobody wants a run that sleeps for a day.
 */
function decideRetry(error: ApiError, history: RetryHistory, options: RetryOptions, random: () => number, now: number): number | undefined {
  if (error instanceof RetriesSpentError) return undefined;
  if (error.kind === 'rate-limited') {
    if (error.retryAfterMs !== undefined && error.retryAfterMs > options.maxRetryAfterMs) throw new RetryAfterTooLongError(error, options.maxRetryAfterMs);
    // Without a readable Retry-After, a 429 backs off like a failure.
    const wait = error.retryAfterMs ?? drawBackOff(history.rateLimited, options, random);
    return now - (history.firstRateLimitedAt ?? now) + wait > options.maxRateWaitMs ? undefined : wait;
  }
  if (!isTransient(error)) return undefined;
  const remaining = options.maxOutageMs - (now - (history.firstFailureAt ?? now));
  if (remaining <= 0) return undefined;
  return Math.min(remaining, drawBackOff(history.failures, options, random));
}

/** Exponential back-off with full jitter: uniform in [0, min(max, base * 2^(n-1))], so clients that failed together spread out. */
function drawBackOff(failures: number, options: RetryOptions, random: () => number): number {
  return random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failures - 1));
}

export interface RetryRuntime {
  options: RetryOptions;
  random: () => number;
  /** The clock the budgets are measured on (the client's, injected by tests). */
  now: () => number;
  /** Waits out a back-off after a transient failure. */
  sleep: (ms: number) => Promise<void>;
  /** Called before each retry, for counters and the budget: a 429's wait is the budget's pause, which the retry meets at its turn. */
  onRetry: (error: ApiError, delayMs: number) => void;
}

/** Runs `attempt` until it succeeds or the policy gives up; the last error is thrown as is. */
export async function runWithRetries<T>(attempt: () => Promise<T>, runtime: RetryRuntime): Promise<T> {
  const history: RetryHistory = { failures: 0, firstFailureAt: undefined, rateLimited: 0, firstRateLimitedAt: undefined };
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = runtime.now();
      const rateLimited = error.kind === 'rate-limited';
      if (rateLimited) {
        history.rateLimited++;
        history.firstRateLimitedAt ??= now;
      } else {
        history.failures++;
        history.firstFailureAt ??= now;
      }
      const delayMs = decideRetry(error, history, runtime.options, runtime.random, now);
      if (delayMs === undefined) throw error;
      runtime.onRetry(error, delayMs);
      if (!rateLimited) await runtime.sleep(delayMs);
    }
  }
}
