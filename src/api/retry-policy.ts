import { ApiError, RetryAfterError, type ApiErrorKind } from './api-error.js';

/*
 * Retries of failed calls. Every write the jobs send is a partial update
 * (POST /business/{id}, POST /org/{id}, POST /business/{id}/attributes) or a
 * set (structured services, custom field order): applying it twice leaves the
 * same state as applying it once, so a retry cannot double an effect, even when
 * the first attempt was applied and only its answer was lost. Reads and writes
 * are retried alike; budgets are in time, not in counts, so a call outlasts an
 * outage or a storm of 429s of a known length whatever its back-offs.
 */

export interface RetryOptions {
  /** Ceiling of the first back-off after a failure (5xx, timeout, connection failure, a 429 without Retry-After); it doubles with each. */
  baseDelayMs: number;
  /** Largest back-off: a few seconds, so that a call resumes promptly once the service is back. */
  maxDelayMs: number;
  /** How long one call waits out an outage (5xx, timeouts, connection failures), from its first such failure (--max-outage). */
  maxOutageMs: number;
  /** How long one call waits out 429s, from its first 429 (--max-rate-wait). */
  maxRateWaitMs: number;
  /** A 429 asking to wait longer than this stops the run at once (--max-retry-after). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  baseDelayMs: 500,
  maxDelayMs: 4000,
  maxOutageMs: 2 * 60_000,
  maxRateWaitMs: 15 * 60_000,
  maxRetryAfterMs: 300_000,
};

/** Answers that may change on their own; 400, 401, 403, 404 and redirects will not, so they are never retried. */
const TRANSIENT: ReadonlySet<ApiErrorKind> = new Set(['server-error', 'timeout', 'network']);

/** What one call went through so far, the latest error included. */
export interface RetryHistory {
  failures: number;
  rateLimited: number;
  /** Clock time of the first transient failure, and of the first 429. */
  outageSince?: number;
  rateLimitedSince?: number;
}

/**
 * Milliseconds to wait before the next attempt, or undefined to give up; a Retry-After beyond
 * the cap throws RetryAfterError. A wait never reaches past the budget: the last attempt comes
 * when it ends.
 */
export function decideRetry(error: ApiError, history: RetryHistory, options: RetryOptions, random: () => number, now: number): number | undefined {
  if (error.kind === 'rate-limited') {
    const { retryAfterMs } = error;
    if (retryAfterMs !== undefined && retryAfterMs > options.maxRetryAfterMs) {
      throw new RetryAfterError({ method: error.method, path: error.path, details: error.details, retryAfterMs }, options.maxRetryAfterMs);
    }
    const remaining = options.maxRateWaitMs - (now - (history.rateLimitedSince ?? now));
    // Without a readable Retry-After, a 429 backs off like a failure.
    return withinBudget(retryAfterMs ?? drawBackOff(history.rateLimited, options, random), remaining);
  }
  if (!TRANSIENT.has(error.kind)) return undefined;
  const remaining = options.maxOutageMs - (now - (history.outageSince ?? now));
  return withinBudget(drawBackOff(history.failures, options, random), remaining);
}

function withinBudget(delayMs: number, remainingMs: number): number | undefined {
  return remainingMs <= 0 ? undefined : Math.min(delayMs, remainingMs);
}

/** Exponential back-off with full jitter: uniform in [0, min(max, base * 2^(n-1))], so clients that failed together spread out. */
function drawBackOff(failures: number, options: RetryOptions, random: () => number): number {
  return random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failures - 1));
}

export interface RetryRuntime {
  options: RetryOptions;
  random: () => number;
  /** The clock the budgets are measured on. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Called before each wait, for counters and the pacer. */
  onRetry?: (error: ApiError, delayMs: number) => void;
}

/** Runs `attempt` until it succeeds or the policy gives up; the last error is thrown as is. */
export async function runWithRetries<T>(attempt: () => Promise<T>, runtime: RetryRuntime): Promise<T> {
  const history: RetryHistory = { failures: 0, rateLimited: 0 };
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = runtime.now();
      if (error.kind === 'rate-limited') {
        history.rateLimited++;
        history.rateLimitedSince ??= now;
      } else if (TRANSIENT.has(error.kind)) {
        history.failures++;
        history.outageSince ??= now;
      }
      const delayMs = decideRetry(error, history, runtime.options, runtime.random, now);
      if (delayMs === undefined) throw error;
      runtime.onRetry?.(error, delayMs);
      await runtime.sleep(delayMs);
    }
  }
}
