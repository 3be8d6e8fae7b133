import { ApiError } from './api-error.js';

/**
 * A call not sent because another call of its organization waited out --max-rate-wait on 429s in
 * vain: the storm outlasts the budget, and each call of that organization waiting it out again,
 * one after the other, would hold the run for hours. Not an answer of the service (no status), so
 * a rerun sends the call again.
 */
export class RateWaitSpentError extends ApiError {
  override name = 'RateWaitSpentError';

  constructor(request: { method: string; path: string }, budget: string, maxRateWaitMs: number) {
    const max = Math.round(maxRateWaitMs / 1000);
    super(
      { kind: 'rate-limited', method: request.method, path: request.path },
      `Could not ${request.method} ${request.path}: not sent: ${budget} was answered 429 (over the rate limit) for more than --max-rate-wait ${max} s, so its requests are no longer sent in this run; another client may be using its budget. Run again later: what was not sent is sent then.`,
    );
  }
}
