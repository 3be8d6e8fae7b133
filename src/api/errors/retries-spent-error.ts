import { ApiError } from './api-error.js';

/**
 * What a call of an organization waited out in vain: 429s for --max-rate-wait, or failures (5xx,
 * timeouts, lost connections) for --max-outage; or a 429 asked it to wait longer than --max-retry-after.
 */
export type SpentRetries = 'rate' | 'outage' | 'retry-after';

/**
 * A call not sent because another call of its organization waited out a retry budget in vain: the
 * storm or the outage outlasts it, and each call of that organization waiting it out again, one
 * after the other, would hold the run for hours. Not an answer of the service (no status), so a
 * rerun sends the call again.
 */
export class RetriesSpentError extends ApiError {
  override name = 'RetriesSpentError';

  constructor(request: { method: string; path: string }, budget: string, spent: SpentRetries, maxWaitMs: number) {
    const max = Math.round(maxWaitMs / 1000);
    const why = {
      rate: `was answered 429 (over the rate limit) for more than --max-rate-wait ${max} s, so its requests are no longer sent in this run; another client may be using its budget`,
      outage: `failed (5xx answers, timeouts or lost connections) for more than --max-outage ${max} s, so its requests are no longer sent in this run`,
      'retry-after': `asked to wait longer than --max-retry-after ${max} s, so its requests are no longer sent in this run`,
    }[spent];
    super(
      { kind: spent === 'outage' ? 'server-error' : 'rate-limited', method: request.method, path: request.path },
      `Could not ${request.method} ${request.path}: not sent: ${budget} ${why}. Run again later: what was not sent is sent then.`,
    );
  }
}
