import { AbortedError, ApiError, AuthenticationError } from '../errors/api-error.js';
import { IgnoredRequestError } from '../errors/ignored-request-error.js';
import { UnreachableServiceError } from '../errors/unreachable-service-error.js';
import { WrongBaseUrlError } from '../errors/wrong-base-url-error.js';

const STOP_CAUSES = [AuthenticationError, IgnoredRequestError, UnreachableServiceError, WrongBaseUrlError];

/**
 * What stops a whole run behind a failed call: a refused key, an answer that ignored its request,
 * a service that cannot be reached or a wrong base URL, its own or the one that stopped it before
 * it was sent. A Retry-After too long is none: it gives up its organization only (RetriesSpentError).
 */
export function findStopCause(error: unknown): ApiError | undefined {
  const stop = error instanceof AbortedError ? error.cause : error;
  return stop instanceof ApiError && STOP_CAUSES.some((cause) => stop instanceof cause) ? stop : undefined;
}
