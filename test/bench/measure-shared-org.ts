import { setTimeout as delay } from 'node:timers/promises';
import { createApiClient, type ApiClient } from '../../src/api/api-client.js';
import { createEmulator } from '../../src/emulator/emulator.js';
import { startEmulatorServer } from '../../src/emulator/http-server.js';

export interface SharedOrgFigures {
  /** Requests both clients got answered, per second, over the organization's budget. */
  shared_org_ratio: number;
  /** Share of the answers that were 429. */
  shared_org_429_share: number;
  requests: number;
  rate_limited: number;
  seconds: number;
}

/**
 * Production (300/min over a sliding minute, about 150 ms a round trip) with every time divided by
 * 4: the same requests per window and in flight per round trip, so the same 429s per collision.
 * Keeping 150 ms at 4 times the rate puts 4 times as many requests in flight when the window
 * fills: 2.6 % answered 429 instead of 1 %. At production's own scale, over 4 minutes: 0.7 %.
 */
const RATE_PER_MINUTE = 1200;
const WINDOW_MS = 15_000;
const LATENCY_MS = 40;
/** Long enough for several windows: the first one, where both start at the full budget, weighs little. */
const RUN_MS = 60_000;
/** More updates than a client can send in the run: it is stopped at the end, never idle before. */
const UPDATES_PER_CLIENT = (RATE_PER_MINUTE * RUN_MS) / 60_000;

/**
 * Two clients without a shared budget (two processes, or a nightly sync and an account manager's
 * import) update one organization, each at the full budget, for RUN_MS: only their adaptive rate
 * makes them share it. The counters are read at the end of the run.
 */
export async function measureSharedOrg(): Promise<SharedOrgFigures> {
  const emulator = createEmulator({ businesses: 1000, feedback: 0, ratePerMinute: RATE_PER_MINUTE, rateWindowMs: WINDOW_MS, latencyMs: LATENCY_MS });
  const server = await startEmulatorServer(emulator, { port: 0 });
  const stop = new AbortController();
  const clients = [emulator.keys.ORG_ADMIN, emulator.keys.ORG_MANAGER].map((apiKey) =>
    createApiClient({ baseUrl: server.url, apiKey, ratePerMinute: RATE_PER_MINUTE, concurrency: 8, signal: stop.signal }),
  );
  try {
    const ids = emulator.state.orgBusinesses(1).map((business) => business.id);
    const runs = clients.map((client, index) => pushUpdates(client, ids, index));
    await delay(RUN_MS);
    const totals = clients.map((client) => client.readCounters().total);
    stop.abort();
    await Promise.all(runs);
    const answered = totals.reduce((sum, total) => sum + total.sent - total.inFlight, 0);
    const rateLimited = totals.reduce((sum, total) => sum + total.rateLimited, 0);
    const succeeded = totals.reduce((sum, total) => sum + total.succeeded, 0);
    return {
      shared_org_ratio: round(succeeded / (RUN_MS / 1000) / (RATE_PER_MINUTE / 60)),
      shared_org_429_share: round(rateLimited / answered),
      requests: answered,
      rate_limited: rateLimited,
      seconds: RUN_MS / 1000,
    };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  }
}

/** Updates until the run is stopped; the calls the stop turns away are expected. */
async function pushUpdates(client: ApiClient, ids: readonly string[], clientIndex: number): Promise<void> {
  const org = client.org(1);
  await Promise.allSettled(
    Array.from({ length: UPDATES_PER_CLIENT }, (_, index) => org.updateBusiness(ids[(index * 2 + clientIndex) % ids.length] ?? '', { description_short: `Shared update ${index}` })),
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
