import { AbortedError, AuthenticationError, type ApiError } from './api-error.js';
import { IgnoredRequestError } from './ignored-request-error.js';
import { RetryAfterTooLongError } from './retry-after-too-long-error.js';

/**
 * What stops a whole run behind a failed call: a refused key, a Retry-After too long to wait or an
 * answer that ignored its request, its own or the one that stopped it before it was sent.
 */
export function findStopCause(error: unknown): ApiError | undefined {
  const stop = error instanceof AbortedError ? error.cause : error;
  return stop instanceof AuthenticationError || stop instanceof RetryAfterTooLongError || stop instanceof IgnoredRequestError ? stop : undefined;
}
