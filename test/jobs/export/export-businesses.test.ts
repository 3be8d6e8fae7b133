import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { importSheet } from '../../../src/jobs/import/import-sheet.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { unescapeFormula } from '../../../src/sheets/index.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { readXlsxWithPython } from './read-xlsx-with-python.js';

const logger = pino({ level: 'silent' });

describe('export businesses', () => {
  let api: TestEmulator;
  let dir: string;
  let requests: string[];
  beforeAll(async () => {
    // Four in five businesses go to organization 1: 312 gives its ORG_ADMIN 250.
    api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
    dir = await mkdtemp(join(tmpdir(), 'listing-bulk-export-'));
    api.emulator.faults.script = (_n, req) => {
      requests.push(`${req.method} ${req.path}`);
      return undefined;
    };
  });
  beforeEach(() => {
    requests = [];
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  function createClient() {
    return createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
  }

  it.each(['csv', 'xlsx'])('exports a user’s 250 businesses in 3 pages, and the %s file imports back with no write', async (format) => {
    const out = join(dir, `businesses.${format}`);
    const client = createClient();
    try {
      const summary = await exportBusinesses(client, { out, filters: { user: [api.emulator.users.ORG_ADMIN] } }, logger);
      expect(summary).toMatchObject({ rows: 250, failures: 0, errors_file: null, pages: { fetched: 3, resumed: 0 } });
      expect(requests.filter((request) => request.includes('/businesses'))).toHaveLength(3);
      expect(requests.filter((request) => !request.includes('/businesses'))).toEqual(['GET /custom_fields']);

      requests = [];
      const imported = await importSheet(client, 'businesses', { file: out, reportDir: join(dir, `report-${format}`), mode: 'diff', dryRun: false }, logger);
      expect(imported.rows).toMatchObject({ total: 250, unchanged: 250, invalid: 0, failed: 0 });
      expect(imported.requests.writes).toBe(0);
      expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('writes identity first, then the editable fields, custom fields, the read-only columns and _base', async () => {
    const out = join(dir, 'header.csv');
    const client = createClient();
    try {
      await exportBusinesses(client, { out, filters: { user: [api.emulator.users.ORG_ADMIN] } }, logger);
    } finally {
      await client.close();
    }
    const [header = ''] = (await readFile(out, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    const columns = header.split(',');
    expect(columns.slice(0, 3)).toEqual(['business_id', 'code', 'name']);
    const firstCustom = columns.findIndex((column) => column.startsWith('custom_fields.'));
    expect(firstCustom).toBeGreaterThan(columns.indexOf('specific_hours.open'));
    expect(columns.indexOf('created')).toBeGreaterThan(columns.findLastIndex((column) => column.startsWith('custom_fields.')));
    expect(columns.slice(-2)).toEqual(['subscriptions.messages', '_base']);
  });

  it('writes an XLSX file that an independent reader reads with the values of the CSV file', async () => {
    const client = createClient();
    try {
      for (const format of ['csv', 'xlsx']) {
        await exportBusinesses(client, { out: join(dir, `same.${format}`), filters: { user: [api.emulator.users.ORG_ADMIN] } }, logger);
      }
    } finally {
      await client.close();
    }
    const csv: string[][] = parse(await readFile(join(dir, 'same.csv')), { bom: true });
    const { sheets, formulas } = await readXlsxWithPython(join(dir, 'same.xlsx'));
    expect(Object.keys(sheets)).toEqual(['businesses', 'About']);
    const [header = []] = csv;
    // The CSV writer quotes what could run as a formula; XLSX text cells are never formulas and carry their text.
    // Dates are date cells: the reader sees their serial numbers (days since 1899-12-30), which show as the CSV's dates.
    const dateColumn = header.indexOf('opening_date');
    const showDate = (serial: string): string => (serial === '' ? '' : new Date((Number(serial) - 25_569) * 86_400_000).toISOString().slice(0, 10));
    const raw = (sheets.businesses ?? []).map((row) => header.map((_, index) => row[index] ?? ''));
    expect(raw.slice(1).some((row) => /^\d{5}$/.test(row[dateColumn] ?? ''))).toBe(true);
    const xlsx = raw.map((row, line) => row.map((cell, index) => (line > 0 && index === dateColumn ? showDate(cell) : cell)));
    expect(xlsx).toEqual(csv.map((row) => row.map(unescapeFormula)));
    expect(xlsx.some((row) => row.some((cell) => cell.startsWith('+')))).toBe(true);
    expect(formulas).toBe(0);
    const first = api.emulator.state.orgBusinesses(1)[0];
    expect(xlsx[1]?.slice(0, 2)).toEqual([first?.id, first?.code]);
    expect(first?.code).toMatch(/^0+\d+$/);

    const about = sheets.About ?? [];
    expect(about[0]).toEqual(['sheet', 'column', 'read_only (ignored on import)', 'description']);
    expect(about.find((row) => row[1] === 'created')?.[2]).toBe('yes');
    expect(about.find((row) => row[1] === 'name')?.[2]).toBe('no');
  });

  it('writes an About sheet that an import refuses to read as rows, naming the sheet to read', async () => {
    const out = join(dir, 'about.xlsx');
    const client = createClient();
    try {
      await exportBusinesses(client, { out, filters: { user: [api.emulator.users.ORG_ADMIN] } }, logger);
      requests = [];
      const imported = importSheet(client, 'businesses', { file: out, sheet: 'about', reportDir: join(dir, 'report-about'), mode: 'diff', dryRun: true }, logger);
      await expect(imported).rejects.toThrow(
        `Could not read ${out}: its sheet 'About' holds an export's notes on its columns, not rows. Read its sheet 'businesses' instead: name it with --sheet (a job step: sheet:), or leave --sheet out.`,
      );
      expect(requests).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('leaves alone a change the API made since the export: the file did not make it', async () => {
    const out = join(dir, 'changed.csv');
    const client = createClient();
    try {
      await exportBusinesses(client, { out, filters: { user: [api.emulator.users.ORG_ADMIN] } }, logger);
      const [business] = api.emulator.state.orgBusinesses(1);
      if (business === undefined) throw new Error('no seeded business');
      business.name = 'Renamed since the export';
      const imported = await importSheet(client, 'businesses', { file: out, reportDir: join(dir, 'report-changed'), mode: 'diff', dryRun: false }, logger);
      expect(imported.rows).toMatchObject({ updated: 0, unchanged: 250 });
      expect(business.name).toBe('Renamed since the export');
    } finally {
      await client.close();
    }
  });
});
