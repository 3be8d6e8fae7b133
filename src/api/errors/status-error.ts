import { ApiError, AuthenticationError, type ApiErrorKind } from './api-error.js';
import { readErrorDetails } from './error-details.js';
import { parseRetryAfter } from '../transport/retry-after.js';

const KIND_BY_STATUS: Record<number, ApiErrorKind> = {
  400: 'invalid-request',
  403: 'not-authorized',
  404: 'not-found',
  429: 'rate-limited',
};

export interface FailedAnswer {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  body: unknown;
  /** The request's `org_id`, if it named one. */
  orgId?: string;
}

/** The typed error for an answer whose status is not a success. */
export function createStatusError({ method, path, status, headers, body, orgId }: FailedAnswer, nowMs: number): ApiError {
  const details = readErrorDetails(body);
  if (status === 401) return new AuthenticationError({ method, path, details });
  // Redirects are never followed (the key would go with them): the Location is named instead.
  if (status >= 300 && status < 400) return new ApiError({ kind: 'redirect', method, path, status, details, location: headers.get('location') ?? 'no Location' });
  const kind = KIND_BY_STATUS[status] ?? (status >= 500 ? 'server-error' : 'unexpected-status');
  const retryAfterMs = kind === 'rate-limited' ? parseRetryAfter(headers.get('retry-after'), nowMs) : undefined;
  return new ApiError({ kind, method, path, status, details, retryAfterMs, ...(orgId === undefined ? {} : { orgId }) });
}
