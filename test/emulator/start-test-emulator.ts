import type { Role } from '../../src/api/facts/service-facts.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/emulator.js';
import { startEmulatorServer } from '../../src/emulator/http-server.js';
import { serveInProcess } from './msw-emulators.js';

export interface TestCall {
  /** Role whose seeded key is sent; a string is sent as the key itself; null sends no key. */
  as?: Role | { key: string } | null;
  body?: unknown;
  /** Body text sent as is (for Content-Type and JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestEmulator {
  emulator: Emulator;
  url: string;
  call<T = unknown>(method: string, path: string, options?: TestCall): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export interface TestEmulatorOptions extends Partial<EmulatorOptions> {
  /**
   * `msw` (the default): in process, no socket. `http`: the real HTTP server on 127.0.0.1, where
   * HTTP itself is the subject (timeouts, resets, redirects, other processes, the CLI's children).
   */
  transport?: 'msw' | 'http';
}

/** Starts the emulator for a test: in process through msw, or its real HTTP server on a free port of 127.0.0.1. */
export async function startTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const { transport = 'msw', ...emulatorOptions } = options;
  const emulator = createEmulator({ businesses: 60, feedback: 120, ...emulatorOptions });
  const server = transport === 'http' ? await startEmulatorServer(emulator, { port: 0 }) : serveInProcess(emulator);
  return {
    emulator,
    url: server.url,
    close: () => server.close(),
    async call<T>(method: string, path: string, call: TestCall = {}): Promise<TestResponse<T>> {
      const as = call.as === undefined ? 'ORG_ADMIN' : call.as;
      const headers: Record<string, string> = { ...call.headers };
      if (as !== null) headers['x-APIKey'] = typeof as === 'string' ? emulator.keys[as] : as.key;
      let body: string | undefined = call.rawBody;
      if (call.body !== undefined) {
        body = JSON.stringify(call.body);
        headers['content-type'] ??= 'application/json';
      }
      // A redirect is an answer to look at, as the client takes it: never followed.
      const response = await fetch(`${server.url}${path}`, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text === '' ? undefined : JSON.parse(text)) as T };
    },
  };
}
