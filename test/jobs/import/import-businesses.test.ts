import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import type { Quirks } from '../../../src/emulator/pipeline/quirks.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { importSheet } from '../../../src/jobs/import/import-sheet.js';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';

const logger = pino({ level: 'silent' });

/** The spec is silent on nested objects: every test holds whether the service merges them or replaces them whole. */
const READINGS: { reading: string; quirks: Quirks }[] = [
  { reading: 'merges nested objects', quirks: {} },
  { reading: 'replaces nested objects (replace-nested)', quirks: { 'replace-nested': true } },
  { reading: 'answers in the published shapes (real-shapes)', quirks: { 'real-shapes': true } },
];

describe.each(READINGS)('import businesses, the service $reading', ({ quirks }) => {
  let api: TestEmulator;
  let dir: string;
  let businesses: Business[];
  let writes: string[];
  beforeAll(async () => {
    api = await startTestEmulator({ ratePerMinute: 100_000, quirks });
    dir = await mkdtemp(join(tmpdir(), 'listing-bulk-import-'));
    businesses = api.emulator.state.orgBusinesses(1);
    writes = [];
    api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') writes.push(req.path);
      return undefined;
    };
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function runImport(csv: string, options: Partial<ImportOptions> = {}, role: Role = 'ORG_ADMIN') {
    const file = join(dir, `input-${String(Math.random()).slice(2)}.csv`);
    await writeFile(file, csv);
    const reportDir = join(dir, `report-${String(Math.random()).slice(2)}`);
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys[role], ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    writes.length = 0;
    try {
      const summary = await importSheet(client, 'businesses', { file, reportDir, mode: 'diff', dryRun: false, ...options }, logger);
      const results = await readFile(join(reportDir, 'results.csv'), 'utf8');
      // No row to correct, no errors file.
      const errors = existsSync(join(reportDir, 'errors.csv')) ? await readFile(join(reportDir, 'errors.csv'), 'utf8') : '';
      return { summary, results, errors, reportDir, file };
    } finally {
      await client.close();
    }
  }

  function at(index: number): Business {
    const business = businesses[index];
    if (business === undefined) throw new Error(`no business ${index}`);
    return business;
  }

  it('gives each row its status, sends only the fields present, never an invalid row', async () => {
    const [a, b, c, d] = [at(0), at(1), at(2), at(3)];
    const before = { cCity: c.city, dName: d.name, bName: b.name };
    const csv = [
      'business_id,code,name,city,lat',
      `${a.id},,Nouveau nom A,,`,
      `,${b.code ?? ''},,Lyon,`,
      `${c.id},,Bad lat,,abc`,
      ',NO-SUCH-CODE,,Paris,',
      `${d.id},,${d.name},,`,
      `,${a.code ?? ''},,Nice,`,
    ].join('\n');
    const { summary, results } = await runImport(csv);
    expect(summary.rows).toEqual({ total: 6, updated: 2, unchanged: 1, would_update: 0, conflict: 0, invalid: 2, failed: 1, skipped: 0 });
    expect(a.name).toBe('Nouveau nom A');
    expect(b.city).toBe('Lyon');
    expect(b.name).toBe(before.bName);
    expect(c.city).toBe(before.cCity);
    expect(d.name).toBe(before.dName);
    expect(writes.sort()).toEqual([`/business/${a.id}`, `/business/${b.id}`].sort());
    const lines = results.trim().split(/\r?\n/);
    // The key columns, the report's own, the other input columns, then what addressed the row.
    expect(lines[0]?.replace(/^\uFEFF/, '')).toBe('business_id,code,name,_row,_status,_errors,_changes,city,lat,_target,_http_status');
    expect(lines[1]).toContain(`,2,updated,,name: '`);
    expect(lines[3]).toContain("invalid");
    expect(lines[3]).toContain("lat: must be a number");
    expect(lines[4]).toContain("failed");
    expect(lines[4]).toContain("code: no business with store code 'NO-SUCH-CODE'");
    expect(lines[5]).toContain('unchanged');
    expect(lines[6]).toContain('invalid');
    expect(lines[6]).toContain('code: the same business as row 2');
    expect(summary.requests.writes).toBe(2);
  });

  it('makes no write when the same file is imported again, and reports the same failures from errors.csv', async () => {
    const [e, f] = [at(4), at(5)];
    const csv = ['business_id,code,name,lat', `${e.id},,Encore,`, `${f.id},,,north`].join('\n');
    const first = await runImport(csv);
    expect(first.summary.rows.updated).toBe(1);
    const again = await runImport(csv);
    expect(again.summary.rows).toMatchObject({ updated: 0, unchanged: 1, invalid: 1 });
    expect(writes).toEqual([]);
    const fromErrors = await runImport(first.errors.replace(/^\uFEFF/, ''));
    expect(fromErrors.summary.rows).toMatchObject({ total: 1, invalid: 1 });
    expect(fromErrors.errors).toContain('lat: must be a number');
  });

  it('says in a dry run what would change, field by field, and writes nothing', async () => {
    const g = at(6);
    const { summary, results } = await runImport(['business_id,name', `${g.id},Dry name`].join('\n'), { dryRun: true });
    expect(summary.rows.would_update).toBe(1);
    expect(writes).toEqual([]);
    expect(results).toContain(`name: '${g.name}' -> 'Dry name'`);
  });

  it('says per day and per contact field what changed, not the whole week or contact', async () => {
    const m = at(12);
    const before = m.open_hours.monday.join(',');
    const email = m.contacts[0]?.email ?? '';
    const { results } = await runImport(['business_id,open_hours.monday,contacts.0.email', `${m.id},10:00-18:00,new@example.com`].join('\n'), { dryRun: true });
    expect(results).toContain(`open_hours.monday: '${before}' -> '10:00-18:00'`);
    expect(results).toContain(`contacts.0.email: '${email}' -> 'new@example.com'`);
    expect(results).not.toContain('open_hours: ');
    expect(results).not.toContain('tuesday');
  });

  it('completes partial week hours from the current business', async () => {
    const h = at(7);
    const week = h.open_hours;
    await runImport(['business_id,open_hours.monday', `${h.id},08:00-12:00`].join('\n'), { mode: 'patch' });
    expect(h.open_hours).toEqual({ ...week, monday: ['08:00-12:00'] });
  });

  it('lets a PROVIDER key import by store code, through resolution', async () => {
    const i = at(8);
    const { summary } = await runImport(['code,city', `${i.code ?? ''},Annecy`].join('\n'), {}, 'PROVIDER');
    expect(summary.rows.updated).toBe(1);
    expect(i.city).toBe('Annecy');
  });

  it('maps edit_not_allowed to its column', async () => {
    const nordic = api.emulator.state.orgBusinesses(2)[0];
    const { results } = await runImport(['business_id,name', `${nordic?.id ?? ''},Renamed`].join('\n'), { orgId: 2 }, 'PROVIDER');
    expect(results).toContain('failed');
    expect(results).toContain('name: disabled for organization 2 or for this key (edit_not_allowed); leave it unchanged');
    expect(results).toMatch(/,403\r?\n/);
  });

  it('maps edit_not_allowed to its column for a BUSINESS_MANAGER key', async () => {
    const manager = api.emulator.state.users.get(api.emulator.users.BUSINESS_MANAGER);
    const writable = [...(manager?.businessAccess.entries() ?? [])].find(([, access]) => access === 'WRITE')?.[0] ?? '';
    const locked = api.emulator.state.organizations.get(1)?.lockedFields;
    locked?.add('description_short');
    try {
      const { summary, results } = await runImport(['business_id,city,description_short', `${writable},Valence,Nouvelle description`].join('\n'), {}, 'BUSINESS_MANAGER');
      expect(summary.rows.failed).toBe(1);
      expect(results).toContain('description_short: disabled for organization 1 or for this key (edit_not_allowed); leave it unchanged');
    } finally {
      locked?.delete('description_short');
    }
  });
});
