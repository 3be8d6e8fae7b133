import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { PER_PAGE_MAX } from '../../../src/api/facts/service-facts.js';
import type { ScriptedFault } from '../../../src/emulator/pipeline/faults.js';
import type { EmulatorRequest } from '../../../src/emulator/pipeline/http-types.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { startTestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });
/** Timeouts and budgets far beyond the test's own timeout: a request left to them hangs the test. */
const NEVER_MS = 600_000;

/**
 * Exports the businesses of organization 1 while the emulator holds every request for a page past
 * the last (the pages guessed ahead of page 1), and `fault` decides the others: the export and
 * closing the client end only if no request is left behind.
 */
async function exportHoldingGuesses(businesses: number, fault: (req: EmulatorRequest) => ScriptedFault | undefined = () => undefined) {
  const api = await startTestEmulator({ businesses, feedback: 0, ratePerMinute: 100_000, transport: 'http' });
  const lastPage = Math.max(1, Math.ceil(api.emulator.state.orgBusinesses(1).length / PER_PAGE_MAX));
  api.emulator.faults.script = (_n, req) => (req.path === '/business/search' && Number(req.query.get('page')) > lastPage ? { kind: 'hang' } : fault(req));
  const client = createApiClient({
    baseUrl: api.url,
    apiKey: api.emulator.keys.ORG_ADMIN,
    ratePerMinute: 100_000,
    http: { headersTimeoutMs: NEVER_MS },
    retry: { baseDelayMs: 1, maxDelayMs: 2, maxOutageMs: 20 },
  });
  const exported = exportBusinesses(client, { out: join(await makeTempDir(), 'businesses.csv'), filters: {} }, logger);
  try {
    await exported;
  } finally {
    await client.close();
    await api.close();
  }
  return { summary: await exported, lastPage, rows: api.emulator.state.orgBusinesses(1).length, counters: client.readCounters().total };
}

describe('an export ends when its work ends', () => {
  it.each([
    ['an empty list', 0, 1],
    ['one page', 100, 1],
    ['two pages', 200, 2],
    ['three pages', 312, 3],
  ])('%s: the pages asked ahead and not needed are cancelled, nothing is left in flight', async (_list, businesses, pages) => {
    const { summary, lastPage, rows, counters } = await exportHoldingGuesses(businesses);
    expect(lastPage).toBe(pages);
    expect(summary).toMatchObject({ rows, failures: 0, pages: { fetched: pages } });
    expect(counters).toMatchObject({ inFlight: 0, failed: 0 });
  });

  it('ends as soon as a page has failed: no request of the export outlives it', async () => {
    const failing = (req: EmulatorRequest): ScriptedFault | undefined => (req.path === '/business/search' && req.query.get('page') === '2' ? { status: 500 } : undefined);
    const { summary, lastPage, counters } = await exportHoldingGuesses(200, failing);
    expect(lastPage).toBe(2);
    expect(summary).toMatchObject({ failures: 1, pages: { fetched: 1 } });
    expect(counters).toMatchObject({ inFlight: 0, failed: 1 });
  });
});
