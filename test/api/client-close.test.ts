import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { AbortedError, ApiError } from '../../src/api/errors/api-error.js';
import type { ScriptedFault } from '../../src/emulator/pipeline/faults.js';
import type { EmulatorRequest } from '../../src/emulator/pipeline/http-types.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { VirtualClock } from './virtual-clock.js';

/** Long enough that a test waiting for it fails on its own timeout: only a cancelled request ends sooner. */
const NEVER_MS = 600_000;

describe('closing the client and cancelling calls', () => {
  let api: TestEmulator;
  let received = 0;
  let fault: (req: EmulatorRequest) => ScriptedFault | undefined = () => undefined;
  beforeAll(async () => {
    api = await startTestEmulator({ ratePerMinute: 100_000, transport: 'http' });
    api.emulator.faults.script = (n, req) => {
      received = n;
      return fault(req);
    };
  });
  afterEach(() => {
    fault = () => undefined;
  });
  afterAll(() => api.close());
  const businessId = (): string => api.emulator.state.orgBusinesses(1)[0]?.id ?? '';
  // Timeouts and the outage budget far beyond the test's own timeout: a request left to them hangs the test.
  const clientOn = (clock = new VirtualClock()) =>
    createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, clock, ratePerMinute: 60, http: { headersTimeoutMs: NEVER_MS }, retry: { maxOutageMs: NEVER_MS } });

  it('rejects the calls waiting for their turn or a back-off, and sends nothing after', async () => {
    const clock = new VirtualClock();
    const client = clientOn(clock);
    const org = client.org(1);
    const start = received;
    fault = (req) => (req.path.endsWith('/attributes') ? { status: 503 } : undefined);
    // The first call is sent at once and answered with a 503: it waits for its retry; the others wait for their turn, a second apart.
    const calls = [org.readAttributes(businessId()), org.readServices(businessId()), org.readServices(businessId())].map((call) => call.catch((error: unknown) => error));
    await expect.poll(() => client.readCounters().total.retried).toBe(1);
    await client.close();
    for (const outcome of await Promise.all(calls)) expect(outcome).toBeInstanceOf(AbortedError);
    // Whatever time passes now, no wait is left to end in a request.
    await clock.run();
    expect(received - start).toBe(1);
    expect(client.readCounters().total).toMatchObject({ sent: 1, retried: 1, inFlight: 0 });
    await expect(org.readServices(businessId())).rejects.toBeInstanceOf(AbortedError);
  });

  it('ends a write stopped while it waits to retry with its own answer, not as never sent: the service may have applied it', async () => {
    const client = clientOn();
    const business = api.emulator.state.orgBusinesses(1)[1];
    const stopped = new AbortController();
    // The service applies the write, then the connection is reset before its answer.
    fault = (req) => (req.method === 'POST' ? { kind: 'reset' } : undefined);
    const write = client.org(1).withSignal(stopped.signal).updateBusiness(business?.id ?? '', { name: 'Applied before the reset' }).catch((error: unknown) => error);
    await expect.poll(() => client.readCounters().total.retried).toBe(1);
    stopped.abort();
    const outcome = await write;
    expect(outcome).toBeInstanceOf(ApiError);
    expect(outcome).not.toBeInstanceOf(AbortedError);
    expect(business?.name).toBe('Applied before the reset');
    await client.close();
  });

  it('drops the reads in flight, so that closing does not wait for an answer that is no longer wanted', async () => {
    const client = clientOn();
    fault = () => ({ kind: 'hang' });
    const read = client.org(1).readServices(businessId()).catch((error: unknown) => error);
    await expect.poll(() => client.readCounters().total.inFlight).toBe(1);
    await client.close();
    expect(await read).toBeInstanceOf(AbortedError);
    expect(client.readCounters().total).toMatchObject({ sent: 1, inFlight: 0 });
  });

  it('cancels a call with its own signal, waiting or in flight, without stopping the others', async () => {
    const clock = new VirtualClock();
    const client = clientOn(clock);
    const held = new AbortController();
    const waiting = new AbortController();
    fault = (req) => (req.path.endsWith('/attributes') ? { kind: 'hang' } : undefined);
    const start = received;
    const inFlight = client.org(1).withSignal(held.signal).readAttributes(businessId()).catch((error: unknown) => error);
    // In flight at the service, not only on its way: the count below would miss it otherwise.
    await expect.poll(() => received - start).toBe(1);
    // Its turn comes a second later, on the test's clock: it is cancelled before.
    const queued = client.org(1).withSignal(waiting.signal).readServices(businessId()).catch((error: unknown) => error);
    held.abort();
    waiting.abort();
    expect(await inFlight).toBeInstanceOf(AbortedError);
    expect(await queued).toBeInstanceOf(AbortedError);
    await clock.run();
    expect(received - start).toBe(1);
    // Cancelled calls are no failures, and the client goes on.
    const next = client.org(1).readServices(businessId());
    await clock.run();
    expect((await next).services.items).toBeInstanceOf(Array);
    expect(client.readCounters().total).toMatchObject({ sent: 2, succeeded: 1, failed: 0, inFlight: 0 });
    await client.close();
  });
});
