import { ApiError, type ApiErrorKind } from './api-error.js';

/*
 * Retries of failed calls. Every write the jobs send is a partial update
 * (POST /business/{id}, POST /org/{id}, POST /business/{id}/attributes) or a
 * set (structured services, custom field order): applying it twice leaves the
 * same state as applying it once, so a retry cannot double an effect, even when
 * the first attempt was applied and only its answer was lost.
 */

export interface RetryOptions {
  /** Attempts of one call that may end in a transient failure (5xx, timeout, connection failure), the first included. */
  maxAttempts: number;
  /** Ceiling of the first back-off; it doubles with each transient failure. */
  baseDelayMs: number;
  /** Largest ceiling of one back-off. */
  maxDelayMs: number;
  /** The back-offs of one call never add up to more than this. */
  maxTotalDelayMs: number;
  /** 429s one call waits out (for Retry-After) before giving up. */
  maxRateLimitRetries: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxTotalDelayMs: 60_000,
  maxRateLimitRetries: 10,
};

/** Answers that may change on their own; 400, 401, 403 and 404 will not, so they are never retried. */
const TRANSIENT: ReadonlySet<ApiErrorKind> = new Set(['server-error', 'timeout', 'network']);

/** What one call went through so far, the latest error included. */
export interface RetryHistory {
  failures: number;
  rateLimited: number;
  backOffMs: number;
}

/** Milliseconds to wait before the next attempt, or undefined to give up. */
export function decideRetry(error: ApiError, history: RetryHistory, options: RetryOptions, random: () => number): number | undefined {
  if (error.kind === 'rate-limited') {
    if (history.rateLimited > options.maxRateLimitRetries) return undefined;
    // Without a readable Retry-After, a 429 backs off like a failure.
    return error.retryAfterMs ?? drawBackOff(history.rateLimited, options, random);
  }
  if (!TRANSIENT.has(error.kind) || history.failures >= options.maxAttempts) return undefined;
  const remaining = options.maxTotalDelayMs - history.backOffMs;
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
  sleep: (ms: number) => Promise<void>;
  /** Called before each wait, for counters and the pacer. */
  onRetry?: (error: ApiError, delayMs: number) => void;
}

/** Runs `attempt` until it succeeds or the policy gives up; the last error is thrown as is. */
export async function runWithRetries<T>(attempt: () => Promise<T>, runtime: RetryRuntime): Promise<T> {
  const history: RetryHistory = { failures: 0, rateLimited: 0, backOffMs: 0 };
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const rateLimited = error.kind === 'rate-limited';
      if (rateLimited) history.rateLimited++;
      else history.failures++;
      const delayMs = decideRetry(error, history, runtime.options, runtime.random);
      if (delayMs === undefined) throw error;
      if (!rateLimited) history.backOffMs += delayMs;
      runtime.onRetry?.(error, delayMs);
      await runtime.sleep(delayMs);
    }
  }
}
