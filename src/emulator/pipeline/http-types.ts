/** The emulator's transport-neutral request and response: the HTTP server and msw adapt to these. */
export interface EmulatorRequest {
  method: string;
  /** Path below the version prefix, for instance `/business/123`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Raw body text; parsed by the pipeline once the Content-Type is checked. */
  bodyText: string;
  /** Address of the caller, checked against a key's IP allow-list. */
  remoteAddress: string;
}

export interface EmulatorResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Set by fault injection: how the transport misbehaves while delivering this answer. */
  fault?: TransportFault;
}

export type TransportFault = { kind: 'reset' } | { kind: 'slow-body'; durationMs: number } | { kind: 'hang' };
