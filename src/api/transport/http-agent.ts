import { createRequire } from 'node:module';
import { Agent, fetch as undiciFetch } from 'undici';

export interface HttpOptions {
  /** Sockets kept open to the API (kept alive between requests). */
  connections: number;
  connectTimeoutMs: number;
  /** Longest wait for the status line and headers once the request is sent. */
  headersTimeoutMs: number;
  /** Longest silence while the body arrives. */
  bodyTimeoutMs: number;
  /** Longest time from the headers to the end of the body: a body that trickles in is never silent long enough for bodyTimeoutMs. */
  answerTimeoutMs: number;
  /** Most bytes an answer's body may hold: a runaway or endless body is cut off before it fills the memory. */
  maxAnswerBytes: number;
  /** How long an idle socket stays open for the next request. */
  keepAliveTimeoutMs: number;
  /** The undici inside this Node's own fetch (`process.versions.undici`): it decides which fetch carries the agent. */
  nodeUndici: string | undefined;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  connections: 32,
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  answerTimeoutMs: 120_000,
  // A page of 100 businesses is about 1 MB.
  maxAnswerBytes: 64 * 1024 * 1024,
  keepAliveTimeoutMs: 10_000,
  nodeUndici: process.versions.undici,
};

/** A fetch that takes our agent as its dispatcher, and what the transport reads of its answer. */
export type FetchWithAgent = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | null; redirect: 'manual'; dispatcher: Agent; signal: AbortSignal | null },
) => Promise<{ status: number; headers: Headers; body: ReadableStream<Uint8Array> | null }>;

const OUR_UNDICI: string = (createRequire(import.meta.url)('undici/package.json') as { version: string }).version;

export function createHttpAgent(options: HttpOptions): Agent {
  return new Agent({
    connections: options.connections,
    connectTimeout: options.connectTimeoutMs,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs,
  });
}

// Node's own fetch as this module found it: a fetch put in its place later is an interceptor (msw in tests, an instrumentation).
const NODE_FETCH = globalThis.fetch;

/**
 * The fetch that carries our agent. An agent of one undici major handed to a fetch of another is a
 * known breakage (undici 8, in Node 26, refuses an undici 6 agent outright), so Node's own fetch is
 * taken only where it is our undici's major (Node 20 and 22), or where an interceptor has replaced
 * it, so that the interceptor sees every request. Elsewhere undici's own fetch, which always matches the agent.
 */
export function chooseFetch(nodeUndici: string | undefined): FetchWithAgent {
  const sameMajor = nodeUndici !== undefined && majorOf(nodeUndici) === majorOf(OUR_UNDICI);
  return (url, init) => {
    // Looked up per call: msw replaces globalThis.fetch when a test starts it.
    const global = globalThis.fetch;
    return sameMajor || global !== NODE_FETCH ? (global as (url: string, init: unknown) => Promise<Response>)(url, init) : undiciFetch(url, init);
  };
}

function majorOf(version: string): string {
  return version.split('.')[0] ?? version;
}
