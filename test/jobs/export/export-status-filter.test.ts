import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { ExportSummary } from '../../../src/jobs/export/export-options.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

describe('export businesses --status, several of them', () => {
  let api: TestEmulator;
  let statusesSent: (string | null)[];
  /** Run as each search arrives, before it is answered. */
  let onSearch: (status: string | null) => void;
  beforeAll(async () => {
    // real-shapes: the search reads one status, as the published description (2021) has it, and refuses a list.
    api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000, quirks: { 'real-shapes': true } });
    api.emulator.faults.script = (_n, req) => {
      if (req.path === '/business/search') {
        statusesSent.push(req.query.get('status'));
        onSearch(req.query.get('status'));
      }
      return undefined;
    };
  });
  beforeEach(() => {
    statusesSent = [];
    onSearch = () => undefined;
  });
  afterAll(() => api.close());

  const ofStatus = (status: string) => api.emulator.state.orgBusinesses(1).filter((business) => business.status === status).map((business) => business.id);

  async function exportIds(statuses: ('open' | 'temporarily_closed')[]): Promise<{ ids: (string | undefined)[]; summary: ExportSummary }> {
    const out = join(await makeTempDir(), 'statuses.csv');
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    const summary = await exportBusinesses(client, { out, filters: { status: statuses } }, logger).finally(() => client.close());
    const rows = parse<Record<string, string>>(await readFile(out), { bom: true, columns: true });
    return { ids: rows.map((row) => row.business_id), summary };
  }

  it('searches one status at a time, in the order given, and writes the businesses of each', async () => {
    const expected = [...ofStatus('temporarily_closed'), ...ofStatus('open')];
    expect(ofStatus('temporarily_closed').length).toBeGreaterThan(0);
    const { ids, summary } = await exportIds(['temporarily_closed', 'open']);
    expect(summary).toMatchObject({ rows: expected.length, failures: 0, errors_file: null });
    expect(ids).toEqual(expected);
    // One status per request, every request of the first before any of the second.
    expect(statusesSent).toEqual([...statusesSent.filter((status) => status === 'temporarily_closed'), ...statusesSent.filter((status) => status === 'open')]);
  });

  it('writes once a business whose status changes between two of its searches', async () => {
    const [moved] = ofStatus('temporarily_closed');
    const expected = [...ofStatus('temporarily_closed'), ...ofStatus('open')];
    onSearch = (status) => {
      const business = api.emulator.state.businesses.get(moved ?? '');
      if (status === 'open' && business !== undefined) business.status = 'open';
    };
    const { ids, summary } = await exportIds(['temporarily_closed', 'open']);
    expect(api.emulator.state.businesses.get(moved ?? '')?.status).toBe('open');
    expect(summary).toMatchObject({ rows: expected.length, failures: 0 });
    expect(ids).toEqual(expected);
  });
});
