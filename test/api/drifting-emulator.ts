import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/emulator.js';
import type { EmulatorRequest } from '../../src/emulator/pipeline/http-types.js';

export const DRIFT_BASE = 'https://api.drift.test/v2';

/** Rewrites the body of one answer of the emulator; the body is a copy, free to change. */
export type Drift = (request: EmulatorRequest, body: unknown) => unknown;

/** Changes a request before the emulator answers it: a service that ignores a filter or a page number, or caps per_page. */
export type Reroute = (request: EmulatorRequest) => EmulatorRequest;

export interface DriftingEmulator {
  emulator: Emulator;
  /** What the service does differently from the emulator in the current test; both reset after each. */
  drift: Drift;
  reroute: Reroute;
}

/**
 * The emulator in process (msw, unhandled requests are errors), each answer passed through
 * `drift` first: a service that drifted from the spec, to test how the client reads it.
 */
export function useDriftingEmulator(options: Partial<EmulatorOptions> = {}): DriftingEmulator {
  const emulator = createEmulator({ businesses: 60, feedback: 120, ratePerMinute: 100_000, ...options });
  const base = new URL(DRIFT_BASE);
  const keep: Drift = (_request, body) => body;
  const asSent: Reroute = (request) => request;
  const server = setupServer(
    http.all(`${DRIFT_BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const req: EmulatorRequest = {
        method: request.method,
        path: url.pathname.slice(base.pathname.length) || '/',
        query: url.searchParams,
        headers: request.headers,
        bodyText: await request.text(),
        remoteAddress: '127.0.0.1',
      };
      const answer = await emulator.handle(state.reroute(req));
      const body: unknown = structuredClone(answer.body);
      const sent = answer.status >= 400 ? body : state.drift(req, body);
      return new HttpResponse(JSON.stringify(sent), { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
    }),
  );
  const state: DriftingEmulator = { emulator, drift: keep, reroute: asSent };
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    state.drift = keep;
    state.reroute = asSent;
  });
  afterAll(() => {
    server.close();
  });
  return state;
}
