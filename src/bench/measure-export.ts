import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createApiClient } from '../api/api-client.js';
import { PER_PAGE_MAX } from '../api/service-facts.js';
import { createEmulator } from '../emulator/emulator.js';
import { startEmulatorServer } from '../emulator/http-server.js';
import { exportBusinesses } from '../jobs/export/export-businesses.js';

export interface ExportFigures {
  /** Theoretical minimum time (pages / rate) over the time the export took. */
  export_efficiency: number;
  pages: number;
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
    const minimum = pages / (RATE_PER_MINUTE / 60);
    return { export_efficiency: round(minimum / seconds), pages, seconds: round(seconds) };
  } finally {
    await client.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
