import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { ApiError } from '../../src/api/errors/api-error.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { VirtualClock } from './virtual-clock.js';

describe('retries against a faulty service', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 80, ratePerMinute: 1_000_000 });
  });
  afterAll(() => api.close());

  it('with the first 20 answers 429 and one request in seven failing with 503, every update still lands, once per row', async () => {
    const { emulator } = api;
    emulator.faults.script = (n) => (n <= 20 ? { status: 429, headers: { 'retry-after': '0' } } : n % 7 === 0 ? { status: 503 } : undefined);
    const applied: string[] = [];
    const handle = emulator.handle.bind(emulator);
    emulator.handle = async (req) => {
      const response = await handle(req);
      if (req.method === 'POST' && response.status === 200) applied.push(req.path);
      return response;
    };
    const rows = emulator.state.orgBusinesses(1).slice(0, 50).map((business, index) => ({ id: business.id, text: `Row ${index} update` }));
    expect(rows).toHaveLength(50);

    const client = createApiClient({
      baseUrl: api.url,
      apiKey: emulator.keys.ORG_ADMIN,
      ratePerMinute: 60_000,
      // Full jitter drawn at zero: the back-offs cost no time.
      random: () => 0,
    });
    const org = client.org(1);
    const results = await Promise.all(rows.map((row) => org.updateBusiness(row.id, { description_short: row.text })));
    await client.close();

    expect(results.map((result) => result.id)).toEqual(rows.map((row) => row.id));
    for (const row of rows) expect(emulator.state.businesses.get(row.id)?.description_short).toBe(row.text);
    expect(applied.sort()).toEqual(rows.map((row) => `/business/${row.id}`).sort());
    const counters = client.readCounters().total;
    expect(counters).toMatchObject({ rateLimited: 20, succeeded: 50, failed: 0, inFlight: 0 });
    expect(counters.sent).toBe(50 + counters.retried);
    expect(counters.retried).toBeGreaterThan(20);
  });

  it('slows down only the organization a 429 came from', async () => {
    const { emulator } = api;
    const limitedId = emulator.state.orgBusinesses(1)[0]?.id ?? '';
    const otherId = emulator.state.orgBusinesses(2)[0]?.id ?? '';
    let limitedOnce = false;
    emulator.faults.script = (_n, req) => {
      if (limitedOnce || !req.path.includes(limitedId)) return undefined;
      limitedOnce = true;
      return { status: 429, headers: { 'retry-after': '0' } };
    };
    // One slot per organization keeps the order of answers, so the rates are exact.
    const client = createApiClient({ baseUrl: api.url, apiKey: emulator.keys.PROVIDER, ratePerMinute: 6000, concurrency: 1 });
    await Promise.all([1, 2, 3].flatMap(() => [client.org(1).readServices(limitedId), client.org(2).readServices(otherId)]));
    await client.close();
    const { organizations } = client.readCounters();
    // Halved by the 429, then a fiftieth of the budget back per answer (the retry and two calls).
    expect(organizations['org:1']).toMatchObject({ rateLimited: 1, succeeded: 3 });
    expect(organizations['org:1']?.ratePerMinute).toBeCloseTo(6000 * (0.5 + 3 / 50), 6);
    expect(organizations['org:2']).toMatchObject({ rateLimited: 0, succeeded: 3, ratePerMinute: 6000 });
  });

  it('waits the Retry-After of a 429 once, in the budget: the retry and a request asked meanwhile start at its end', async () => {
    const { emulator } = api;
    let limited = false;
    emulator.faults.script = () => {
      if (limited) return undefined;
      limited = true;
      return { status: 429, headers: { 'retry-after': '30' } };
    };
    const clock = new VirtualClock();
    const client = createApiClient({ baseUrl: api.url, apiKey: emulator.keys.ORG_ADMIN, clock });
    const org = client.org(1);
    const businessId = emulator.state.orgBusinesses(1)[0]?.id ?? '';
    const first = org.readServices(businessId);
    // The 429 is answered: the organization pauses, its one wait the only one on the clock.
    await expect.poll(() => clock.sleeps).toEqual([30_000]);
    const second = org.readServices(businessId);
    await clock.run();
    await Promise.all([first, second]);
    await client.close();
    // After the pause the retry leaves at once, and the second request one interval later at the halved rate: 30 s waited in all, not 60.
    const interval = (60_000 / 150) * 1.02;
    expect(clock.sleeps).toEqual([30_000, expect.closeTo(interval, 6)]);
    expect(clock.now()).toBeCloseTo(30_000 + interval, 6);
    expect(client.readCounters().total).toMatchObject({ sent: 3, rateLimited: 1, retried: 1, succeeded: 2 });
  });

  it('gives up on an organization whose calls all fail for --max-outage: calls in flight end with their own answer, the others are not sent', async () => {
    const { emulator } = api;
    emulator.faults.script = () => ({ status: 500 });
    const clock = new VirtualClock();
    const client = createApiClient({ baseUrl: api.url, apiKey: emulator.keys.ORG_ADMIN, clock, concurrency: 3, random: () => 1, retry: { maxOutageMs: 8000 } });
    const org = client.org(1);
    const calls = emulator.state.orgBusinesses(1).slice(0, 6).map((business) => org.readServices(business.id).then(() => 'answered', (error: unknown) => (error instanceof ApiError ? (error.status ?? 'not sent') : error)));
    const settled = await clock.runUntilSettled(Promise.all(calls));
    await client.close();
    emulator.faults.script = undefined;
    // The three in flight were sent and answered 500, the other three never left.
    expect(settled).toEqual([500, 500, 500, 'not sent', 'not sent', 'not sent']);
    expect(clock.now()).toBeLessThan(2 * 8000);
  });

  it('says why an organization was given up by the call that gave it up, not by a call in flight refused its retry', async () => {
    const { emulator } = api;
    const [failing, waiting, later] = emulator.state.orgBusinesses(1).slice(0, 3).map((business) => business.id);
    emulator.faults.script = (_n, req) => (req.path.includes(failing ?? '-') ? { status: 500 } : req.path.includes(waiting ?? '-') ? { status: 429, headers: { 'retry-after': '86400' } } : undefined);
    const clock = new VirtualClock();
    const client = createApiClient({ baseUrl: api.url, apiKey: emulator.keys.ORG_ADMIN, clock, random: () => 1 });
    const org = client.org(1);
    const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
    // The 500's retry waits its back-off on the clock while the Retry-After of a day gives the organization up.
    const settled = await clock.runUntilSettled(Promise.all([org.readServices(failing ?? '').catch(message), org.readServices(waiting ?? '').catch(message)]));
    expect(settled).toEqual([expect.stringContaining('500'), expect.stringContaining('more than --max-retry-after 300')]);
    await expect(org.readServices(later ?? '').catch(message)).resolves.toContain('asked to wait longer than --max-retry-after 300 s');
    await client.close();
    emulator.faults.script = undefined;
  });

  it('gives up on 429s once --max-rate-wait has passed since the first, turns at the slowed rate included, however many calls share them', async () => {
    const { emulator } = api;
    emulator.faults.script = () => ({ status: 429, headers: { 'retry-after': '2' } });
    const clock = new VirtualClock();
    const client = createApiClient({ baseUrl: api.url, apiKey: emulator.keys.ORG_ADMIN, clock, retry: { maxRateWaitMs: 8000 } });
    const org = client.org(1);
    const calls = emulator.state.orgBusinesses(1).slice(0, 4).map((business) => org.readServices(business.id).then(() => 'answered', () => 'refused'));
    const settled = await clock.runUntilSettled(Promise.all(calls));
    await client.close();
    emulator.faults.script = undefined;
    expect(settled).toEqual(['refused', 'refused', 'refused', 'refused']);
    // Each call counted only the 2 s of its own Retry-Afters, while the four took turns at a rate halved down to its floor
    // (one start every 3.3 s): they held the organization for 50 s. Now 8 s, the last pause, and a turn each to be refused.
    const floorInterval = (60_000 / (300 / 16)) * 1.02;
    expect(clock.now()).toBeLessThanOrEqual(8000 + 2000 + 4 * floorInterval);
  });
});
