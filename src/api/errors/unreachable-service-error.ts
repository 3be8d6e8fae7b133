import { ApiError } from './api-error.js';

const NO_HTTPS = 'the port does not speak HTTPS (should the address start with http://?)';
const UNTRUSTED_AUTHORITY = 'its TLS certificate is signed by an authority this machine does not trust (NODE_EXTRA_CA_CERTS names one)';

/** Why a connection could not be made, by the code Node or undici gives. */
const CONNECT_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  EHOSTDOWN: 'the host is down',
  UND_ERR_CONNECT_TIMEOUT: 'no connection was made in time',
  // A listener that takes connections and never answers (a proxy or port forward to nothing).
  UND_ERR_HEADERS_TIMEOUT: 'a connection was made, but no answer came in time',
  BAD_PORT: 'fetch refuses to connect to this port (one of the ports browsers block)',
  // TLS: what no retry changes.
  ERR_SSL_WRONG_VERSION_NUMBER: NO_HTTPS,
  ERR_SSL_PACKET_LENGTH_TOO_LONG: NO_HTTPS,
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED_AUTHORITY,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED_AUTHORITY,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
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
