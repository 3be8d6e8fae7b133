import type { Agent } from 'undici';
import { ApiError } from './api-error.js';
import { buildUrl, type ApiRequest } from './api-request.js';

export interface HttpTarget {
  /** Base URL with the version segment, for instance `https://api.example.com/v2`. */
  baseUrl: string;
  apiKey: string;
  agent: Agent;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

/**
 * Node 20's fetch (its bundled undici 6) takes an undici 7 Agent at run time;
 * only their type declarations differ, so the dispatcher is typed loosely here.
 */
type FetchWithAgent = (url: string, init: Omit<RequestInit, 'dispatcher'> & { dispatcher: unknown }) => Promise<Response>;

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Sends one attempt with the global fetch (so msw sees the same code path as
 * production) over our undici agent. Any status is an answer; no answer is an
 * ApiError of kind `timeout` or `network`. A request once sent is never
 * dropped: its answer tells whether the write was applied, which the import's
 * journal needs; the agent's timeouts bound the wait.
 */
export async function sendRequest(target: HttpTarget, request: ApiRequest): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'x-APIKey': target.apiKey, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  try {
    // Looked up per call: msw replaces globalThis.fetch when a test starts it.
    const response = await (globalThis.fetch as FetchWithAgent)(buildUrl(target.baseUrl, request), {
      method: request.method,
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      // fetch would follow a redirect to any host with the x-APIKey header, and turn a POST into a GET.
      redirect: 'manual',
      dispatcher: target.agent,
    });
    return { status: response.status, headers: response.headers, body: parseBody(await response.text()) };
  } catch (error) {
    throw new ApiError({ kind: isTimeout(error) ? 'timeout' : 'network', method: request.method, path: request.path, cause: error });
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** fetch wraps undici's errors in a TypeError: look down the cause chain. */
function isTimeout(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string' && TIMEOUT_CODES.has(current.code)) return true;
  }
  return false;
}
