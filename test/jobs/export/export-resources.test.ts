import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import { ExportFilterError, parseExportFilters, type ExportFilters } from '../../../src/jobs/export/export-filters.js';
import { exportResource } from '../../../src/jobs/export/export-resource.js';
import type { ExportResource } from '../../../src/jobs/export/export-resource-names.js';
import { readRowOutcomes } from '../../../src/jobs/import/sheet/read-row-outcomes.js';
import { buildImportCatalog } from '../../../src/resources/build-import-catalog.js';
import type { ImportResourceName } from '../../../src/resources/resource-names.js';
import { openSheetReader } from '../../../src/sheets/index.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

describe('export of the other resources', () => {
  let api: TestEmulator;
  let requests: string[];
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 60, feedback: 0, ratePerMinute: 100_000 });
    api.emulator.faults.script = (_n, req) => {
      requests.push(req.path);
      return undefined;
    };
  });
  afterAll(() => api.close());

  async function runExport(resource: ExportResource, file: string, filters: ExportFilters = {}, role: Role = 'ORG_ADMIN') {
    const out = join(await makeTempDir(), file);
    requests = [];
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys[role], ratePerMinute: 100_000 });
    try {
      const summary = await exportResource(client, resource, { out, filters }, logger);
      return { out, summary };
    } finally {
      await client.close();
    }
  }

  async function readCsv(out: string): Promise<Record<string, string>[]> {
    return parse<Record<string, string>>(await readFile(out), { bom: true, columns: true });
  }

  /** What the import of `resource` would make of each row: no row may be refused. */
  async function readBack(out: string, resource: ImportResourceName) {
    const catalog = buildImportCatalog(resource, []);
    const reader = await openSheetReader(out, { knownColumns: catalog.columns.map((column) => column.header), resource });
    const outcomes = [];
    for await (const outcome of readRowOutcomes(reader, catalog)) outcomes.push(outcome);
    return outcomes;
  }

  it.each([
    ['services', 'csv'],
    ['attributes', 'xlsx'],
  ] as const)('writes %s per business in the long format its import reads, in a %s file', async (resource, format) => {
    const { out, summary } = await runExport(resource, `${resource}.${format}`);
    const businesses = api.emulator.state.orgBusinesses(1);
    expect(requests.filter((path) => path.endsWith(`/${resource}`))).toHaveLength(businesses.length);
    const outcomes = await readBack(out, resource);
    expect(outcomes.length).toBe(summary.rows);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.flatMap((outcome) => outcome.errors)).toEqual([]);
    const first = businesses.find((business) => (resource === 'services' ? api.emulator.state.businessServices : api.emulator.state.businessAttributes).has(business.id));
    expect(outcomes[0]?.target).toEqual({ business_id: first?.id });
  });

  it('writes one row per service, its categories together', async () => {
    const { out } = await runExport('services', 'services.csv');
    const rows = await readCsv(out);
    const keys = rows.map((row) => `${row.business_id ?? ''}/${row.service_id ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes the custom field definitions as a sheet the custom-field-order import reads', async () => {
    const { out } = await runExport('custom-fields', 'custom-fields.xlsx');
    const outcomes = await readBack(out, 'custom-field-order');
    const fields = api.emulator.state.customFields.filter((field) => field.org_id === 1);
    expect(outcomes.map((outcome) => outcome.target)).toEqual(expect.arrayContaining(fields.map((field) => ({ id: field.id }))));
    expect(outcomes.flatMap((outcome) => outcome.errors)).toEqual([]);
    const [first] = fields;
    // The read-only cells come along, compared with the definitions rather than sent.
    expect(outcomes[0]?.update).toEqual({ order: first?.order, section_id: first?.section_id, section_order: 1, shown: { name: first?.name, type: first?.type, section_name: 'Store details' } });
  });

  it('decodes the text of message templates and keeps their placeholders', async () => {
    const { out, summary } = await runExport('message-templates', 'templates.csv');
    const rows = await readCsv(out);
    const templates = api.emulator.state.messageTemplates.filter((template) => template.org_id === 1);
    expect(summary.rows).toBe(templates.length);
    expect(rows.map((row) => row.text)).toEqual(templates.map((template) => (JSON.parse(template.content) as { text: string }).text));
    expect(rows[0]?.text).toMatch(/\{\{\w+\}\}/);
  });

  it('finds geo locations with --query, page after page', async () => {
    const { out, summary } = await runExport('geo-locations', 'locations.csv', { query: 'paris' });
    const expected = api.emulator.state.geoLocations.filter(
      (location) => location.org_id === 1 && [location.locality, location.postal_code, location.location_name, location.address_details, location.store_code].some((value) => value.toLowerCase().includes('paris')),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect((await readCsv(out)).map((row) => row.id)).toEqual(expected.map((location) => location.id));
    expect(summary.pages.fetched).toBe(Math.max(1, Math.ceil(expected.length / 20)));
  });

  it('writes a business several users share once', async () => {
    const users = [api.emulator.users.ORG_ADMIN, api.emulator.users.PUBLISHER];
    const { out, summary } = await runExport('businesses', 'shared.csv', { user: users });
    const ids = (await readCsv(out)).map((row) => row.business_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(summary.rows).toBe(api.emulator.state.orgBusinesses(1).length);
  });
});

describe('export filters', () => {
  it('maps repeated and comma-separated flags to lists, and checks values', () => {
    expect(parseExportFilters('feedback', { state: ['treated'], nps: ['9,10'], 'nps-min': 3, business: undefined })).toEqual({ state: ['treated'], nps: [9, 10], 'nps-min': 3 });
    expect(parseExportFilters('businesses', { status: 'open,closed', country: 'fr' })).toEqual({ status: ['open', 'closed'], country: 'FR' });
  });

  it('reads --country as a country names itself in its own script (日本, Ελλάδα), and offers the code a slip of a name stands for', () => {
    expect(['日本', 'Ελλάδα', 'Россия', 'ישראל', 'भारत', '한국', 'Türkiye'].map((country) => parseExportFilters('businesses', { country }))).toEqual(
      ['JP', 'GR', 'RU', 'IL', 'IN', 'KR', 'TR'].map((country) => ({ country })),
    );
    expect(() => parseExportFilters('businesses', { country: 'Deutchland' })).toThrow('--country: must be a country code, two or three letters, or a country name (did you mean DE?)');
  });

  it('reports every problem at once', () => {
    expect(() => parseExportFilters('businesses', { user: ['u1'], city: 'Lyon', state: ['treated'], country: 'Francia Nueva' })).toThrow(
      new ExportFilterError(
        "Could not export businesses: --state does not apply to businesses (its filters: --user, --status, --country, --city, --modified-since); --country: must be a country code, two or three letters, or a country name; --user lists a user's businesses, which --country, --city cannot filter; give one or the other. Correct the options.",
      ),
    );
    expect(() => parseExportFilters('message-templates', { query: 'x' })).toThrow('--query does not apply to message-templates (it takes no filter)');
    expect(() => parseExportFilters('feedback', { 'nps-max': 11, since: 'yesterday' })).toThrow(/--since: must be an ISO 8601 date.*--nps-max: must be at most 10/);
    // An empty list would be no filter: every business.
    expect(() => parseExportFilters('businesses', { user: [] })).toThrow('Could not export businesses: --user: must name at least one. Correct the options.');
    expect(() => parseExportFilters('businesses', { user: ' , ' })).toThrow('--user: must name at least one');
    expect(() => parseExportFilters('feedback', { 'nps-min': 9, 'nps-max': 3, since: '2026-11-01', until: '2026-10-01' })).toThrow(
      'Could not export feedback: --nps-min 9 is more than --nps-max 3, so no result could match; --since 2026-11-01 is after --until 2026-10-01T23:59:59.999999, so no result could match. Correct the options.',
    );
  });

  it('compares --since and --until as they are sent, a time without an offset in UTC, whatever the machine zone', () => {
    const zone = process.env.TZ;
    // A machine east of UTC would read 23:59:59.999999 without an offset as 21:59:59Z, before the since.
    process.env.TZ = 'Europe/Paris';
    try {
      expect(parseExportFilters('feedback', { since: '2025-06-10T22:30:00Z', until: '2025-06-10' })).toEqual({ since: '2025-06-10T22:30:00Z', until: '2025-06-10T23:59:59.999999' });
      expect(() => parseExportFilters('feedback', { since: '2025-06-10T23:30:00', until: '2025-06-10T23:00:00+00:00' })).toThrow('--since 2025-06-10T23:30:00 is after --until');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('reads choices and countries as a sheet does, and a last day whole', () => {
    expect(parseExportFilters('businesses', { status: 'Open, Temporarily closed', country: 'France' })).toEqual({ status: ['open', 'temporarily_closed'], country: 'FR' });
    expect(parseExportFilters('businesses', { country: 'deu' })).toEqual({ country: 'DE' });
    expect(parseExportFilters('feedback', { state: 'Not treated', since: '2026-10-01', until: '2026-10-31' })).toEqual({
      state: ['not_treated'],
      since: '2026-10-01',
      until: '2026-10-31T23:59:59.999999',
    });
    expect(parseExportFilters('feedback', { until: '2026-10-31T12:00:00+02:00' })).toEqual({ until: '2026-10-31T12:00:00+02:00' });
    // A created date as an export wrote it from the service (`+02`), or an offset without its colon, is sent as `+02:00`.
    expect(parseExportFilters('feedback', { since: '2026-10-31T12:00:00.123456+02', until: '2026-10-31T18:00:00-0530' })).toEqual({ since: '2026-10-31T12:00:00.123456+02:00', until: '2026-10-31T18:00:00-05:30' });
    expect(parseExportFilters('feedback', { since: '2026-10-31T12:00Z', until: '2026-10-31T17:00+02' })).toEqual({ since: '2026-10-31T12:00:00Z', until: '2026-10-31T17:00:00+02:00' });
    expect(parseExportFilters('businesses', { 'modified-since': '2026-10-31T12:00+02' })).toEqual({ 'modified-since': '2026-10-31T12:00:00+02:00' });
  });

  it('refuses a date Date.parse would take but the service would not, before any request', () => {
    for (const since of ['01/06/2025', '2025-02-30', 'June 1, 2025']) {
      expect(() => parseExportFilters('feedback', { since })).toThrow(`--since: must be an ISO 8601 date or date-time (2026-01-31, or 2026-01-31T08:00:00Z)`);
    }
    expect(() => parseExportFilters('businesses', { 'modified-since': '01/06/2025' })).toThrow('--modified-since: must be epoch seconds or an ISO 8601 date or date-time');
  });
});
