import { Agent } from 'undici';

export interface HttpOptions {
  /** Sockets kept open to the API (kept alive between requests). */
  connections: number;
  connectTimeoutMs: number;
  /** Longest wait for the status line and headers once the request is sent. */
  headersTimeoutMs: number;
  /** Longest silence while the body arrives. */
  bodyTimeoutMs: number;
  /** How long an idle socket stays open for the next request. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  connections: 32,
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
};

export function createHttpAgent(options: HttpOptions): Agent {
  return new Agent({
    connections: options.connections,
    connectTimeout: options.connectTimeoutMs,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs,
  });
}
