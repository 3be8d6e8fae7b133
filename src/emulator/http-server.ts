import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_VERSION_PATH } from '../api/facts/service-facts.js';
import type { Emulator } from './emulator.js';
import type { EmulatorResponse } from './pipeline/http-types.js';
import { invalidBody, notFound } from './pipeline/responses.js';

/** Bodies above this size are refused: the spec states no limit, the emulator picks one. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface RunningServer {
  /** Base URL with the version segment, for instance `http://127.0.0.1:4010/v2`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the emulator over real HTTP on loopback (or the given host). */
export async function startEmulatorServer(emulator: Emulator, options: { host?: string; port?: number } = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    serve(emulator, req, res).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(options.port ?? 0, host);
  // Rejects on the server's 'error' (a port taken) instead.
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${API_VERSION_PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}

async function serve(emulator: Emulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const body = await readBody(req);
  if (body === undefined) {
    await send(res, invalidBody({ _schema: [`Body larger than ${MAX_BODY_BYTES} bytes`] }));
    return;
  }
  if (url.pathname !== API_VERSION_PATH && !url.pathname.startsWith(`${API_VERSION_PATH}/`)) {
    await send(res, notFound());
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const response = await emulator.handle({
    method: req.method ?? 'GET',
    path: url.pathname.slice(API_VERSION_PATH.length) || '/',
    query: url.searchParams,
    headers,
    bodyText: body,
    remoteAddress: req.socket.remoteAddress ?? '',
  });
  await send(res, response);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function send(res: ServerResponse, response: EmulatorResponse): Promise<void> {
  if (response.fault?.kind === 'reset') {
    res.socket?.destroy();
    return;
  }
  if (response.fault?.kind === 'hang') return;
  const payload = Buffer.from(JSON.stringify(response.body));
  res.writeHead(response.status, {
    'content-type': 'application/json',
    'content-length': String(payload.length),
    ...response.headers,
  });
  if (response.fault?.kind !== 'slow-body') {
    res.end(payload);
    return;
  }
  const chunkCount = 10;
  const chunkSize = Math.ceil(payload.length / chunkCount);
  for (let offset = 0; offset < payload.length; offset += chunkSize) {
    if (res.destroyed) return;
    res.write(payload.subarray(offset, offset + chunkSize));
    await sleep(response.fault.durationMs / chunkCount);
  }
  res.end();
}
