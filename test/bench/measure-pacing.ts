import { performance } from 'node:perf_hooks';
import { createApiClient } from '../../src/api/api-client.js';
import type { Emulator } from '../../src/emulator/emulator.js';
import { createEmulator } from '../../src/emulator/emulator.js';
import { startEmulatorServer } from '../../src/emulator/http-server.js';

export interface PacingFigures {
  /** Achieved rate over the budget rate. */
  pacing_ratio: number;
  /** 429 answers our client received. */
  rate_limited: number;
  /** Our rate over the rate of a plain sequential fetch loop against the same emulator. */
  naive_speedup: number;
  requests: number;
  seconds: number;
}

const RATE_PER_MINUTE = 1200;
const LATENCY_MS = 150;
const PACED_UPDATES = 600;
const NAIVE_UPDATES = 60;

/**
 * Pushes 600 business updates through the client (concurrency 8) at a budget
 * of 1200/min over loopback HTTP with 150 ms latency, then 60 with a plain
 * sequential loop. The loop updates the other organization, so the two never
 * share a rate budget.
 */
export async function measurePacing(): Promise<PacingFigures> {
  const emulator = createEmulator({ businesses: 1000, feedback: 0, ratePerMinute: RATE_PER_MINUTE, rateWindowMs: 10_000, latencyMs: LATENCY_MS });
  const server = await startEmulatorServer(emulator, { port: 0 });
  try {
    const paced = await pushPaced(emulator, server.url);
    const naiveSeconds = await pushNaive(emulator, server.url);
    const pacedRate = PACED_UPDATES / paced.seconds;
    return {
      pacing_ratio: round(pacedRate / (RATE_PER_MINUTE / 60)),
      rate_limited: paced.rateLimited,
      naive_speedup: round(pacedRate / (NAIVE_UPDATES / naiveSeconds)),
      requests: paced.requests,
      seconds: round(paced.seconds),
    };
  } finally {
    await server.close();
  }
}

async function pushPaced(emulator: Emulator, baseUrl: string): Promise<{ seconds: number; rateLimited: number; requests: number }> {
  const client = createApiClient({ baseUrl, apiKey: emulator.keys.ORG_ADMIN, ratePerMinute: RATE_PER_MINUTE, concurrency: 8 });
  const org = client.org(1);
  const ids = emulator.state.orgBusinesses(1).slice(0, PACED_UPDATES).map((business) => business.id);
  const start = performance.now();
  await Promise.all(ids.map((id, index) => org.updateBusiness(id, { description_short: `Paced update ${index}` })));
  const seconds = (performance.now() - start) / 1000;
  await client.close();
  const { total } = client.readCounters();
  return { seconds, rateLimited: total.rateLimited, requests: total.sent };
}

async function pushNaive(emulator: Emulator, baseUrl: string): Promise<number> {
  const ids = emulator.state.orgBusinesses(2).slice(0, NAIVE_UPDATES).map((business) => business.id);
  const start = performance.now();
  for (const [index, id] of ids.entries()) {
    const response = await fetch(`${baseUrl}/business/${id}`, {
      method: 'POST',
      headers: { 'x-APIKey': emulator.keys.PROVIDER, 'content-type': 'application/json' },
      body: JSON.stringify({ description_short: `Naive update ${index}` }),
    });
    await response.arrayBuffer();
  }
  return (performance.now() - start) / 1000;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
