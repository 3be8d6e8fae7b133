import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseFetch, createHttpAgent, DEFAULT_HTTP_OPTIONS } from '../../src/api/transport/http-agent.js';

// Which fetch answered tells by its Headers: Node's own fetch gives the global class, undici's own fetch its package's.
describe('the fetch that carries the agent', () => {
  let server: Server;
  let url = '';
  const agent = createHttpAgent(DEFAULT_HTTP_OPTIONS);
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await agent.close();
    await new Promise<void>((resolve) => server.close(() => { resolve(); }));
  });
  const send = (nodeUndici: string | undefined) => chooseFetch(nodeUndici)(url, { method: 'GET', headers: {}, body: null, redirect: 'manual', dispatcher: agent, signal: null });

  it("is Node's own where it is our undici's major", async () => {
    expect((await send(process.versions.undici)).headers).toBeInstanceOf(Headers);
  });

  it("is undici's own where Node's is another major, as Node 26's undici 8", async () => {
    expect((await send('8.0.0')).headers).not.toBeInstanceOf(Headers);
  });

  it('goes through an interceptor that replaced the global fetch, whatever the major', async () => {
    const intercepted = vi.spyOn(globalThis, 'fetch');
    try {
      expect((await send('8.0.0')).headers).toBeInstanceOf(Headers);
      expect(intercepted).toHaveBeenCalledOnce();
    } finally {
      intercepted.mockRestore();
    }
  });
});
