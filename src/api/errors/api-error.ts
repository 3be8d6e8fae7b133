import { describeErrorDetails, type ErrorDetails } from './error-details.js';
import { UserError } from '../../user-error.js';

/** Why a call failed; the retry policy and the reports branch on it. */
export type ApiErrorKind =
  | 'invalid-request'
  | 'not-authenticated'
  | 'not-authorized'
  | 'not-found'
  | 'rate-limited'
  | 'server-error'
  | 'unexpected-status'
  | 'redirect'
  | 'unexpected-answer'
  | 'invalid-id'
  | 'timeout'
  | 'network'
  | 'unreachable'
  | 'bad-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  /** Path below the base URL, without the query. */
  path: string;
  /** Absent when no answer came (timeouts, network errors). */
  status?: number;
  details?: ErrorDetails;
  /** From a 429's Retry-After header. */
  retryAfterMs?: number;
  /** A redirect's Location header, named in the message. */
  location?: string;
  /** The organization the request named (`org_id`): a 403 or 404 then most likely says it is not the key's, or not there. */
  orgId?: string;
  cause?: unknown;
}

const REASONS: Record<ApiErrorKind, string> = {
  'invalid-request': 'the request was refused as invalid',
  'not-authenticated': 'the key was refused',
  'not-authorized': 'the key may not do this',
  'not-found': 'not found',
  'rate-limited': 'over the rate limit',
  'server-error': 'the service failed',
  'unexpected-status': 'unexpected answer',
  redirect: 'the service answered with a redirect, which is never followed',
  'unexpected-answer': 'unexpected answer',
  'invalid-id': 'the id is neither a business id nor a c-<store code>',
  timeout: 'no answer in time',
  network: 'the connection failed',
  unreachable: 'no connection could be made',
  'bad-response': 'the answer did not have the expected shape',
};

const ADVICE: Record<ApiErrorKind, string> = {
  'invalid-request': 'Correct the values listed.',
  'not-authenticated': 'Check LISTING_API_KEY or LISTING_API_KEY_FILE.',
  'not-authorized': "Check the key's role, permissions and access to this resource.",
  'not-found': 'Check the id or store code.',
  'rate-limited': 'Lower --rate-per-minute or run later.',
  'server-error': 'Run again later.',
  'unexpected-status': 'Check that LISTING_API_URL points at the API.',
  redirect: 'Check that LISTING_API_URL is the final address of the API, then run again.',
  'unexpected-answer': 'Check the business in the service, then run again.',
  'invalid-id': 'Correct the id.',
  timeout: 'Check the network and LISTING_API_URL, then run again.',
  network: 'Check the network and LISTING_API_URL, then run again.',
  unreachable: 'Check the network and LISTING_API_URL, then run again.',
  'bad-response': 'Check that LISTING_API_URL points at the API and ends with /v2.',
};

/**
 * A failed API call. It carries the method and path but never the request's
 * headers, so the API key cannot leak into logs or reports.
 */
export class ApiError extends UserError {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly details: ErrorDetails;
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit, message = describeFailure(init)) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.details = init.details ?? { shape: 'none' };
    this.retryAfterMs = init.retryAfterMs;
  }

  toJSON(): Record<string, unknown> {
    const { name, kind, method, path, status, details, message } = this;
    return { name, kind, method, path, status, details, message };
  }
}

export const AUTHENTICATION_FAILURE =
  'Could not authenticate with the API: the key was refused (401). Check LISTING_API_KEY or LISTING_API_KEY_FILE.';

/** A 401: the key is wrong or revoked, so the whole job stops and the client refuses further calls. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';

  constructor(init: Omit<ApiErrorInit, 'kind' | 'status'>) {
    super({ ...init, kind: 'not-authenticated', status: 401 }, AUTHENTICATION_FAILURE);
  }
}

/**
 * A call stopped before it was sent (or before its next attempt): the job's AbortSignal fired, or
 * another call stopped the whole client (`cause`: a refused key, or a Retry-After too long to wait).
 */
export class AbortedError extends Error {
  override name = 'AbortedError';

  constructor(cause?: ApiError) {
    super(cause === undefined ? 'Stopped before completion: the job was aborted.' : `Not sent: ${cause.message}`, cause === undefined ? undefined : { cause });
  }
}

/** The refused key behind a failed call: its own 401, or the one that stopped it before it was sent. */
export function findAuthenticationFailure(error: unknown): AuthenticationError | undefined {
  if (error instanceof AuthenticationError) return error;
  return error instanceof AbortedError && error.cause instanceof AuthenticationError ? error.cause : undefined;
}

function describeFailure({ kind, method, path, status, details, location, orgId }: ApiErrorInit): string {
  const code = status === undefined ? REASONS[kind] : `${REASONS[kind]} (${status})`;
  const reason = location === undefined ? code : `${code} to ${location}`;
  const lines = details === undefined ? [] : describeErrorDetails(details);
  const advice =
    orgId !== undefined && (kind === 'not-found' || kind === 'not-authorized')
      ? `Check organization ${orgId} (--org, or the org of a job step): it does not exist, or the key does not reach it.`
      : kind === 'invalid-request' && lines.length === 0
        ? // No API error body (a proxy's or a firewall's page): there are no values to list.
          'The answer names no value: check what was sent, and whether a proxy or firewall on the way refused it.'
        : ADVICE[kind];
  // A service's message may end its own sentence (`Required for PROVIDER users.`): one full stop ends ours.
  const said = lines.length === 0 ? '' : `: ${lines.join('; ').replace(/\.+$/, '')}`;
  return `Could not ${method} ${path}: ${reason}${said}. ${advice}`;
}
