import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { AbortedError, ApiError } from '../../src/api/errors/api-error.js';
import type { Clock } from '../../src/api/pacing/clock.js';
import type { ScriptedFault } from '../../src/emulator/pipeline/faults.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { createSkippingClock } from './skipping-clock.js';
import { VirtualClock } from './virtual-clock.js';

const OUTAGE_BUDGET_MS = 60_000;

// Node's own fetch carries the agent where it is our undici's major; undici's own fetch elsewhere (a later major, as Node 26's 8).
describe.each([
  ["Node's own fetch", process.versions.undici],
  ["undici's own fetch", '8.0.0'],
])('transport over %s', (_fetch, nodeUndici) => {
  let api: TestEmulator;
  let received = 0;
  let fault: (n: number) => ScriptedFault | undefined = () => undefined;
  beforeAll(async () => {
    api = await startTestEmulator({ ratePerMinute: 100_000, transport: 'http' });
    api.emulator.faults.script = (n) => {
      received = n;
      return fault(n);
    };
  });
  afterEach(() => {
    fault = () => undefined;
  });
  afterAll(() => api.close());
  const businessId = (): string => api.emulator.state.orgBusinesses(1)[0]?.id ?? '';
  // Back-offs and outage budgets run on a clock that skips its waits: only the transport's own timeouts take real time.
  const clientOn = (clock: Clock = createSkippingClock()) => ({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, clock, http: { nodeUndici } });

  it('stops cleanly on abort: the read in flight is dropped, waiting calls reject with AbortedError, nothing more is sent', async () => {
    const controller = new AbortController();
    const clock = new VirtualClock();
    const start = received;
    fault = (n) => {
      // The third request of this test aborts the job while the emulator holds it.
      if (n === start + 3) controller.abort();
      // The next start's wait at the gate ends only once the emulator holds this request: requests arrive in the order they start.
      else void clock.runNext();
      return undefined;
    };
    // Starts are spaced on the virtual clock, three slots: when the third request is in flight, the others wait at the gate or in the queue.
    const client = createApiClient({ ...clientOn(clock), ratePerMinute: 600, concurrency: 3, signal: controller.signal });
    const org = client.org(1);
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => org.readServices(businessId())));
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
    // The first two sent get their answers; the third, in flight when the job stopped, is dropped: nobody wants its answer (a write keeps it).
    expect(rejected).toHaveLength(10);
    for (const outcome of rejected) expect(outcome.reason).toBeInstanceOf(AbortedError);
    await expect(org.readServices(businessId())).rejects.toBeInstanceOf(AbortedError);
    expect(received - start).toBe(3);
    expect(client.readCounters().total).toMatchObject({ sent: 3, succeeded: 12 - rejected.length, failed: rejected.length + 1, inFlight: 0 });
    await client.close();
  });

  it('times out a request whose answer never comes, and retries it once the service has answered', async () => {
    const start = received;
    fault = (n) => (n === start + 2 ? { kind: 'hang' } : undefined);
    const client = createApiClient({ ...clientOn(), http: { nodeUndici, headersTimeoutMs: 200 } });
    await client.org(1).readServices(businessId());
    expect((await client.org(1).readServices(businessId())).services.items).toBeInstanceOf(Array);
    expect(received - start).toBe(3);
    expect(client.readCounters().total).toMatchObject({ sent: 3, retried: 1, succeeded: 2 });
    await client.close();
  });

  it('times out a body that stalls, and retries it', async () => {
    const start = received;
    // Ten chunks 2 s apart; undici checks its timeouts on a tick of about half a second.
    fault = (n) => (n === start + 1 ? { kind: 'slow-body', durationMs: 20_000 } : undefined);
    const client = createApiClient({ ...clientOn(), http: { nodeUndici, bodyTimeoutMs: 100 } });
    await client.org(1).searchBusinesses({ per_page: 100 });
    expect(client.readCounters().total).toMatchObject({ sent: 2, retried: 1, succeeded: 1 });
    await client.close();
  });

  it('times out a body that trickles in for longer than the answer may take, though never silent, and retries it', async () => {
    const start = received;
    // Ten chunks 2 s apart: each comes well within the silence allowed; the whole does not.
    fault = (n) => (n === start + 1 ? { kind: 'slow-body', durationMs: 20_000 } : undefined);
    const client = createApiClient({ ...clientOn(), http: { nodeUndici, answerTimeoutMs: 100 } });
    await client.org(1).searchBusinesses({ per_page: 100 });
    expect(client.readCounters().total).toMatchObject({ sent: 2, retried: 1, succeeded: 1 });
    await client.close();
  });

  it('cuts off an answer past the bytes it may hold, closing its connection, instead of filling the memory', async () => {
    let closed: () => void = () => undefined;
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    // An endless body, sent as fast as it is read.
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      const chunk = Buffer.alloc(64 * 1024, ' ');
      const write = (): void => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on('drain', write);
      response.on('close', closed);
      write();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}/v2`, apiKey: 'k', ratePerMinute: 100_000, http: { nodeUndici, maxAnswerBytes: 1024 * 1024 } });
    try {
      const read = client.org(1).readServices('b1');
      await expect(read).rejects.toThrow(/^Could not GET \/business\/b1\/services: the answer is larger than 1 MiB, more than any answer of the API holds; it was cut off\./);
      await connectionClosed;
      expect(client.readCounters().total).toMatchObject({ sent: 1, retried: 0 });
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => { resolve(); }));
    }
  });

  it('retries a reset connection', async () => {
    const start = received;
    fault = (n) => (n === start + 1 ? { kind: 'reset' } : undefined);
    const client = createApiClient(clientOn());
    await client.org(1).readServices(businessId());
    expect(client.readCounters().total).toMatchObject({ sent: 2, retried: 1, succeeded: 1 });
    await client.close();
  });

  it('gives up with a timeout error once the outage budget is spent', async () => {
    const clock = createSkippingClock();
    const start = received;
    fault = (n) => {
      // The service answers once, then the outage outlasts the budget while the second attempt hangs: it is the last, however long the timeouts take.
      if (n === start + 1) return undefined;
      if (n === start + 3) clock.advance(OUTAGE_BUDGET_MS);
      return { kind: 'hang' };
    };
    const client = createApiClient({ ...clientOn(clock), http: { nodeUndici, headersTimeoutMs: 50 }, retry: { maxOutageMs: OUTAGE_BUDGET_MS } });
    await client.org(1).readServices(businessId());
    const error = await client.org(1).readServices(businessId()).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', status: undefined, method: 'GET', path: `/business/${businessId()}/services` });
    expect(client.readCounters().total).toMatchObject({ sent: 3, failed: 1 });
    await client.close();
  });

  it('keeps its connections alive across requests, as the agent is set up to', async () => {
    let connections = 0;
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ services: [] }));
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}/v2`, apiKey: 'k', ratePerMinute: 100_000, concurrency: 1, http: { nodeUndici } });
    for (let index = 0; index < 10; index += 1) await client.org(1).readServices(`b${index}`);
    await client.close();
    await new Promise<void>((resolve) => server.close(() => { resolve(); }));
    // One at a time, each on a socket kept open: the pool may open a second while the first is being released, never one per request.
    expect(connections).toBeLessThanOrEqual(2);
  });
});
