import { ApiError } from './api-error.js';

/** Why a connection could not be made, by the code Node or undici gives. */
const CONNECT_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  EHOSTDOWN: 'the host is down',
  UND_ERR_CONNECT_TIMEOUT: 'no connection was made in time',
  BAD_PORT: 'fetch refuses to connect to this port (one of the ports browsers block)',
};

/** The code of a failure to connect, down the cause chain (fetch wraps undici's errors in a TypeError). */
export function findConnectFailure(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string' && current.code in CONNECT_FAILURES) return current.code;
    // fetch refuses the ports of the Fetch standard's "bad port" list with an error that has no code.
    if (current.message === 'bad port') return 'BAD_PORT';
  }
  return undefined;
}

/**
 * A service that never answered in this run and cannot be connected to: the address is wrong or the
 * network is down, and retrying for --max-outage would only delay saying so. The whole run stops.
 */
export class UnreachableServiceError extends ApiError {
  override name = 'UnreachableServiceError';

  constructor(request: { method: string; path: string }, baseUrl: string, code: string, cause: unknown) {
    super(
      { kind: 'unreachable', method: request.method, path: request.path, cause },
      `Could not connect to the API at ${baseUrl}: ${CONNECT_FAILURES[code] ?? 'the connection failed'} (${code}). Check LISTING_API_URL and the network, then run again.`,
    );
  }
}
