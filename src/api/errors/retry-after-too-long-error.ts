import { ApiError } from './api-error.js';

const YEAR_SECONDS = 366 * 24 * 3600;

/**
 * A 429 whose Retry-After is longer than the run accepts to wait (`--max-retry-after`): its
 * organization's other calls are not sent in this run (RetriesSpentError), since they would be told
 * the same; the other organizations go on, their budgets their own.
 */
export class RetryAfterTooLongError extends ApiError {
  override name = 'RetryAfterTooLongError';

  constructor(answer: ApiError, maxRetryAfterMs: number) {
    const seconds = Math.round((answer.retryAfterMs ?? 0) / 1000);
    // A value past any pause a service means (`Retry-After: 99999999999999999999`) is not spelt out.
    const asked = seconds > YEAR_SECONDS ? 'more than a year' : `${seconds} s`;
    const max = Math.round(maxRetryAfterMs / 1000);
    super(
      { kind: 'rate-limited', method: answer.method, path: answer.path, status: answer.status, details: answer.details, retryAfterMs: answer.retryAfterMs },
      `Could not ${answer.method} ${answer.path}: the service asked to wait ${asked}; more than --max-retry-after ${max}. Run again later, or raise --max-retry-after.`,
    );
  }
}
