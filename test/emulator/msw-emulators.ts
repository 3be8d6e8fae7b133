import type { HttpHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import type { Emulator } from '../../src/emulator/emulator.js';
import { createEmulatorHandlers } from './msw-handlers.js';

/** The emulators a test has open, each at a host of its own, served by one msw server. */
const open = new Map<string, HttpHandler[]>();
let server: SetupServer | undefined;
let next = 0;

/**
 * Serves `emulator` in process at a base URL of its own (`http://emulator-N.test/v2`). The msw
 * server listens while an emulator is open: a request to any other host is an error, but for
 * 127.0.0.1, where the servers that HTTP tests start listen.
 */
export function serveInProcess(emulator: Emulator): { url: string; close(): Promise<void> } {
  next += 1;
  const url = `http://emulator-${next}.test/v2`;
  open.set(url, createEmulatorHandlers(emulator, url));
  server ??= listen();
  server.resetHandlers(...[...open.values()].flat());
  return {
    url,
    close() {
      open.delete(url);
      if (open.size > 0) server?.resetHandlers(...[...open.values()].flat());
      else {
        server?.close();
        server = undefined;
      }
      // As the HTTP server's close: the callers await it.
      return Promise.resolve();
    },
  };
}

function listen(): SetupServer {
  const started = setupServer();
  started.listen({
    onUnhandledRequest(request, print) {
      if (new URL(request.url).hostname !== '127.0.0.1') print.error();
    },
  });
  return started;
}
