import { ApiError } from './api-error.js';

/**
 * A 429 whose Retry-After is longer than the run accepts to wait (`--max-retry-after`): its
 * organization's other calls are not sent in this run (RetriesSpentError), since they would be told
 * the same; the other organizations go on, their budgets their own.
 */
export class RetryAfterTooLongError extends ApiError {
  override name = 'RetryAfterTooLongError';

  constructor(answer: ApiError, maxRetryAfterMs: number) {
    const asked = Math.round((answer.retryAfterMs ?? 0) / 1000);
    const max = Math.round(maxRetryAfterMs / 1000);
    super(
      { kind: 'rate-limited', method: answer.method, path: answer.path, status: answer.status, details: answer.details, retryAfterMs: answer.retryAfterMs },
      `Could not ${answer.method} ${answer.path}: the service asked to wait ${asked} s; more than --max-retry-after ${max}. Run again later, or raise --max-retry-after.`,
    );
  }
}
