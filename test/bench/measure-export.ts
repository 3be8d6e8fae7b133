import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createApiClient } from '../../src/api/api-client.js';
import { PER_PAGE_MAX } from '../../src/api/facts/service-facts.js';
import { createEmulator } from '../../src/emulator/emulator.js';
import { startEmulatorServer } from '../../src/emulator/http-server.js';
import { exportBusinesses } from '../../src/jobs/export/resources/export-businesses.js';

export interface ExportFigures {
  /** The least time the budget allows for the export's requests, plus the round trip of the last answer, over the time it took. */
  export_efficiency: number;
  /** The same with the minimum of earlier runs: pages / rate, the custom-field read and the round trip left out. */
  export_pages_ratio: number;
  pages: number;
  requests: number;
  seconds: number;
}

const RATE_PER_MINUTE = 1200;
const LATENCY_MS = 150;
const EXPORTED = 10_000;

/**
 * Exports 10,000 businesses (100 pages of 100) to CSV over loopback HTTP with 150 ms latency, at a
 * scaled budget of 1200/min over a 10 s window. Four in five seeded businesses belong to
 * organization 1, so 12,500 are seeded for its ORG_ADMIN to read 10,000.
 */
export async function measureExport(): Promise<ExportFigures> {
  const emulator = createEmulator({ businesses: (EXPORTED * 5) / 4, feedback: 0, ratePerMinute: RATE_PER_MINUTE, rateWindowMs: 10_000, latencyMs: LATENCY_MS });
  const server = await startEmulatorServer(emulator, { port: 0 });
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-bench-'));
  const client = createApiClient({ baseUrl: server.url, apiKey: emulator.keys.ORG_ADMIN, ratePerMinute: RATE_PER_MINUTE });
  try {
    const start = performance.now();
    const summary = await exportBusinesses(client, { out: join(dir, 'businesses.csv'), filters: {} }, pino({ level: 'silent' }));
    const seconds = (performance.now() - start) / 1000;
    if (summary.rows !== EXPORTED) throw new Error(`measureExport: ${summary.rows} businesses exported instead of ${EXPORTED}`);
    const pages = EXPORTED / PER_PAGE_MAX;
    const requests = client.readCounters().total.sent;
    // Even unpaced, the last of n requests cannot start before (n - 1) / rate, and its answer takes one round trip.
    const minimum = (requests - 1) / (RATE_PER_MINUTE / 60) + LATENCY_MS / 1000;
    return {
      export_efficiency: round(minimum / seconds),
      export_pages_ratio: round(pages / (RATE_PER_MINUTE / 60) / seconds),
      pages,
      requests,
      seconds: round(seconds),
    };
  } finally {
    await client.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
