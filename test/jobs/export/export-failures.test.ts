import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { FaultScript } from '../../../src/emulator/pipeline/faults.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import type { ExportOptions } from '../../../src/jobs/export/export-options.js';
import { exportServices } from '../../../src/jobs/export/resources/export-services.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

describe('export failures', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
  });
  afterEach(() => {
    api.emulator.faults.script = undefined;
  });
  afterAll(() => api.close());

  async function run(exporter: typeof exportBusinesses, options: ExportOptions) {
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1, maxDelayMs: 2, maxOutageMs: 20 }, signal: options.signal });
    try {
      return await exporter(client, options, logger);
    } finally {
      await client.close();
    }
  }

  async function readIds(out: string): Promise<string[]> {
    const lines = (await readFile(out, 'utf8')).trim().split('\r\n').slice(1);
    return lines.map((line) => line.split(',')[0] ?? '');
  }

  const exists = (path: string) => access(path).then(() => true, () => false);
  const failPage = (page: string): FaultScript => (_n, req) => (req.path === '/business/search' && req.query.get('page') === page ? { status: 500 } : undefined);

  it('lists a page that keeps failing in errors.csv, writes the others, and a second run requests only that page', async () => {
    const out = join(await makeTempDir(), 'businesses.csv');
    api.emulator.faults.script = failPage('2');
    const first = await run(exportBusinesses, { out, filters: {} });
    expect(first).toMatchObject({ rows: 150, failures: 1, errors_file: `${out}.errors.csv`, pages: { fetched: 2 } });
    const errors = (await readFile(`${out}.errors.csv`, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(errors[0]).toBe('requested,status,message');
    expect(errors[1]).toBe('GET /business/search page 2,500,"Could not GET /business/search: the service failed (500): Internal error, please retry later. Run again later."');
    expect(errors).toHaveLength(2);
    const ids = api.emulator.state.orgBusinesses(1).map((business) => business.id);
    expect(await readIds(out)).toEqual([...ids.slice(0, 100), ...ids.slice(200)]);

    api.emulator.faults.script = undefined;
    const second = await run(exportBusinesses, { out, filters: {} });
    expect(second).toMatchObject({ rows: 250, failures: 0, errors_file: null, pages: { fetched: 1, resumed: 2 } });
    expect(await readIds(out)).toEqual(ids);
    expect(await exists(`${out}.errors.csv`)).toBe(false);
    expect(await exists(`${out}.parts`)).toBe(false);
  });

  it('continues a stopped export from the pages it saved', async () => {
    const out = join(await makeTempDir(), 'stopped.xlsx');
    const controller = new AbortController();
    // The stop comes with a failing page 2: requests in flight get their answer, but a stopped export retries nothing.
    api.emulator.faults.script = (_n, req) => {
      if (req.query.get('page') !== '2') return undefined;
      controller.abort();
      return { status: 503 };
    };
    const stopped = await run(exportBusinesses, { out, filters: {}, signal: controller.signal });
    expect(stopped).toMatchObject({ failures: 0, stopped: 'the export was stopped' });
    expect(stopped.pages.fetched).toBeLessThan(3);
    expect(await exists(`${out}.parts`)).toBe(true);

    api.emulator.faults.script = undefined;
    const resumed = await run(exportBusinesses, { out, filters: {} });
    expect(resumed.rows).toBe(250);
    expect(resumed.pages.resumed).toBe(stopped.pages.fetched);
    expect(resumed.pages.fetched + resumed.pages.resumed).toBe(3);
  });

  it('warns when the list changed between a run and its continuation', async () => {
    const out = join(await makeTempDir(), 'changed.csv');
    api.emulator.faults.script = failPage('2');
    await run(exportBusinesses, { out, filters: {} });
    api.emulator.faults.script = undefined;
    // Page 1 comes from disk; page 2 is asked again after a business left the list.
    const gone = api.emulator.state.orgBusinesses(1).pop();
    try {
      const second = await run(exportBusinesses, { out, filters: {} });
      expect(second.warnings).toEqual([
        'GET /business/search changed during the export (count 250 then 249, max_page 3 then 3): each item is written once, but some may be missing; run the export again for a complete list',
      ]);
    } finally {
      if (gone !== undefined) api.emulator.state.orgBusinesses(1).push(gone);
    }
  });

  it('starts over when the filters differ from the saved run', async () => {
    const out = join(await makeTempDir(), 'filters.csv');
    api.emulator.faults.script = failPage('2');
    await run(exportBusinesses, { out, filters: {} });
    api.emulator.faults.script = undefined;
    const other = await run(exportBusinesses, { out, filters: { country: 'FR' } });
    expect(other.pages).toEqual({ fetched: 3, resumed: 0 });
  });

  it('lists a business whose services keep failing and writes the services of the others', async () => {
    const out = join(await makeTempDir(), 'services.csv');
    const [broken] = api.emulator.state.orgBusinesses(1);
    api.emulator.faults.script = (_n, req) => (req.path === `/business/${broken?.id ?? ''}/services` ? { status: 503 } : undefined);
    const summary = await run(exportServices, { out, filters: { user: [api.emulator.users.ORG_ADMIN] } });
    expect(summary.failures).toBe(1);
    const errors = await readFile(`${out}.errors.csv`, 'utf8');
    expect(errors).toContain(`GET /business/${broken?.id ?? ''}/services,503,`);
    const written = new Set(await readIds(out));
    expect(written.has(broken?.id ?? '')).toBe(false);
    const withServices = api.emulator.state.orgBusinesses(1).filter((business) => business !== broken && (api.emulator.state.businessServices.get(business.id) ?? []).length > 0);
    expect(written.size).toBe(withServices.length);
  });
});
