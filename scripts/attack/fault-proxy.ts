import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy saw of one request before deciding its fate. */
export interface SeenRequest {
  method: string;
  url: URL;
}

export interface FaultProxyOptions {
  /** The emulator's base URL, e.g. `http://127.0.0.1:41234/v2`. */
  target: string;
  /** A status to answer instead of forwarding (an empty JSON error body), or undefined to forward. */
  fail?: (request: SeenRequest) => number | undefined;
  /** Held before forwarding, so that runs overlap or can be killed mid-export. */
  delayMs?: number;
}

export interface FaultProxy {
  /** The base URL to give as LISTING_API_URL: the target's path, on the proxy's port. */
  url: string;
  /** Every request received, failed ones included. */
  readonly requests: number;
  /** The POST, PUT, PATCH and DELETE received. */
  readonly writes: number;
  close(): Promise<void>;
}

/** An HTTP proxy of our own, in front of the emulator, that counts what the CLI sends and fails what `fail` picks. */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  let requests = 0;
  let writes = 0;
  const server: Server = createServer((incoming, outgoing) => {
    requests++;
    const method = incoming.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') writes++;
    const url = new URL(incoming.url ?? '/', target);
    const status = options.fail?.({ method, url });
    const proceed = (): void => {
      if (status !== undefined) {
        incoming.resume();
        outgoing.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `fault proxy: ${status}` }));
        return;
      }
      pipeToTarget(incoming, target, outgoing);
    };
    if (options.delayMs === undefined) proceed();
    else setTimeout(proceed, options.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    get requests() {
      return requests;
    },
    get writes() {
      return writes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => { resolve(); });
      }),
  };
}

function pipeToTarget(incoming: IncomingMessage, target: URL, outgoing: ServerResponse): void {
  const upstream = forward(
    { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  // The emulator gone (end of the attacks) or a client that hung up: the CLI sees a reset, as it would.
  upstream.on('error', () => outgoing.destroy());
  incoming.pipe(upstream);
}
