import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Emulator } from '../../src/emulator/emulator.js';
import type { EmulatorResponse } from '../../src/emulator/pipeline/http-types.js';

/**
 * The emulator as msw handlers, for in-process tests: requests to `baseUrl`
 * (ending with `/v2`) reach the same handler the HTTP server uses.
 */
export function createEmulatorHandlers(emulator: Emulator, baseUrl: string, remoteAddress = '127.0.0.1'): HttpHandler[] {
  const base = new URL(baseUrl);
  return [
    http.all(`${baseUrl}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const response = await emulator.handle({
        method: request.method,
        path: url.pathname.slice(base.pathname.length) || '/',
        query: url.searchParams,
        headers: request.headers,
        bodyText: await request.text(),
        remoteAddress,
      });
      return toFetchResponse(response);
    }),
  ];
}

function toFetchResponse(response: EmulatorResponse): Response {
  if (response.fault?.kind === 'reset') return HttpResponse.error();
  const init = { status: response.status, headers: { 'content-type': 'application/json', ...response.headers } };
  const text = JSON.stringify(response.body);
  if (response.fault === undefined) return new HttpResponse(text, init);
  const fault = response.fault;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      if (fault.kind === 'hang') return;
      const bytes = new TextEncoder().encode(text);
      const chunkSize = Math.ceil(bytes.length / 10);
      for (let offset = 0; offset < bytes.length; offset += chunkSize) {
        controller.enqueue(bytes.subarray(offset, offset + chunkSize));
        await new Promise((resolve) => setTimeout(resolve, fault.durationMs / 10));
      }
      controller.close();
    },
  });
  return new HttpResponse(stream, init);
}
