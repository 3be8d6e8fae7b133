import type { RetryAfterTooLongError } from '../../api/errors/retry-after-too-long-error.js';
import type { RequestCounters } from '../../api/pacing/request-counters.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';

/** Judged from the 429s the other checks met: conformance never provokes one. */
export function checkRateLimit({ rateLimited, rateLimitedUnpaced }: RequestCounters, tooLong: RetryAfterTooLongError | undefined): ConformanceCheck {
  if (tooLong !== undefined) {
    return describeCheck('rate-limit', 'blocking', tooLong.message, 'runs stop at once (exit 1) rather than wait that long: run later, or raise --max-retry-after');
  }
  if (rateLimited === 0) return notChecked('rate-limit', 'no 429 was answered, and conformance does not provoke one');
  if (rateLimitedUnpaced > 0) {
    return describeCheck(
      'rate-limit',
      'warning',
      `${rateLimitedUnpaced} of ${rateLimited} 429 answer(s) without a Retry-After in seconds or as an HTTP date, each waited out with the client's own back-off`,
      'runs slow down and go on, but may ask again sooner than the service wants, and meet more 429s',
    );
  }
  return describeCheck('rate-limit', 'ok', `${rateLimited} 429 answer(s), each waited out`, 'runs slow down when another client shares the budget, and go on');
}
