import { ApiError } from '../errors/api-error.js';
import { buildUrl, type ApiRequest } from './api-request.js';
import type { Agent } from 'undici';
import type { FetchWithAgent } from './http-agent.js';
import type { ServiceContact } from './service-contact.js';
import { findConnectFailure, UnreachableServiceError } from '../errors/unreachable-service-error.js';

export interface HttpTarget {
  /** Base URL with the version segment, for instance `https://api.example.com/v2`. */
  baseUrl: string;
  apiKey: string;
  agent: Agent;
  /** The fetch that carries the agent (chooseFetch). */
  fetch: FetchWithAgent;
  /** Longest time from the headers to the end of the body (HttpOptions). */
  answerTimeoutMs: number;
  /** Most bytes an answer's body may hold (HttpOptions). */
  maxAnswerBytes: number;
  contact: ServiceContact;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Sends one attempt over our undici agent, with the fetch chosen for it. Any status is an answer; no answer is an
 * ApiError of kind `timeout` or `network`, or an UnreachableServiceError while
 * the service has never answered. A write once sent is never dropped: its
 * answer tells whether it was applied, which the import's journal needs; the
 * agent's timeouts and `answerTimeoutMs` bound the wait. A read is dropped when `drop` aborts: nobody
 * waits for its answer any more.
 */
export async function sendRequest(target: HttpTarget, request: ApiRequest, drop?: AbortSignal): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'x-APIKey': target.apiKey, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const reading = followSignal(request.method === 'GET' ? drop : undefined);
  let late: NodeJS.Timeout | undefined;
  target.contact.noteSent(request);
  try {
    const response = await target.fetch(buildUrl(target.baseUrl, request), {
      method: request.method,
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      // fetch would follow a redirect to any host with the x-APIKey header, and turn a POST into a GET.
      redirect: 'manual',
      dispatcher: target.agent,
      signal: reading.signal,
    });
    target.contact.answered = true;
    // From the headers on: a body that trickles in times out as a silent one does (bodyTimeoutMs).
    late = setTimeout(() => { reading.expire(); }, target.answerTimeoutMs);
    return { status: response.status, headers: response.headers, body: parseBody(await readText(response, request, target.maxAnswerBytes)) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Dropped on purpose: the caller says why, and a drop is never retried.
    if (reading.signal.aborted && !reading.expired()) throw error;
    const connectFailure = target.contact.answered ? undefined : findConnectFailure(error);
    if (connectFailure !== undefined) throw new UnreachableServiceError(request, target.baseUrl, connectFailure, error);
    throw new ApiError({ kind: reading.expired() || isTimeout(error) ? 'timeout' : 'network', method: request.method, path: request.path, cause: error });
  } finally {
    clearTimeout(late);
    reading.unhook();
  }
}

/**
 * The signal of one request: it aborts with `source` (a read dropped), or when the answer is too
 * long in coming (`expire`). fetch leaves its listener on the signal it is given until garbage
 * collection: a long-lived one (the client's) would gather one per request.
 */
function followSignal(source: AbortSignal | undefined): { signal: AbortSignal; expired(): boolean; expire(): void; unhook(): void } {
  const controller = new AbortController();
  let expired = false;
  const follow = (): void => {
    controller.abort(source?.reason);
  };
  if (source?.aborted === true) follow();
  else source?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    expire: () => {
      expired = true;
      controller.abort();
    },
    unhook: () => { source?.removeEventListener('abort', follow); },
  };
}

/** The body as text, as `response.text()` reads it, but refused once past `max` bytes, and its connection closed. */
async function readText(response: Awaited<ReturnType<FetchWithAgent>>, request: ApiRequest, max: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > max) {
      await reader.cancel();
      const limit = `${Math.round(max / 1024 / 1024)} MiB`;
      throw new ApiError(
        { kind: 'bad-response', method: request.method, path: request.path, status: response.status },
        `Could not ${request.method} ${request.path}: the answer is larger than ${limit}, more than any answer of the API holds; it was cut off. Check that LISTING_API_URL points at the API; if it does, the service or something on the way sent it: run again later.`,
      );
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
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
