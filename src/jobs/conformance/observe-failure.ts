import { ApiError, AuthenticationError } from '../../api/errors/api-error.js';
import { RetryAfterTooLongError } from '../../api/errors/retry-after-too-long-error.js';
import { isTransient } from '../../api/transport/retry-policy.js';
import { describeCheck, type AssumptionId, type ConformanceCheck } from './conformance-check.js';

/**
 * A check whose request failed: the failure is what was observed. A refused key and a Retry-After
 * too long to wait stop the client, a service out of reach observed nothing, and anything but an
 * API error is a bug: those propagate.
 */
export function observeFailure(id: AssumptionId, error: unknown, meaning: string): ConformanceCheck {
  if (!(error instanceof ApiError) || error instanceof AuthenticationError || error instanceof RetryAfterTooLongError || isOutage(error)) throw error;
  return describeCheck(id, 'blocking', error.message, meaning);
}

/** A service that could not be reached, or failed (5xx, timeouts, lost connections) for all of --max-outage: it said nothing of its assumptions. */
export function isOutage(error: ApiError): boolean {
  return error.kind === 'unreachable' || isTransient(error);
}
