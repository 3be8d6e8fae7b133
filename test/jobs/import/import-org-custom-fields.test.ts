import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Business, CustomField } from '../../../src/emulator/state-types.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import { startImportHarness, type ImportHarness, type ImportOutcome } from './start-import-harness.js';

const logger = pino({ level: 'silent' });

type Row = Record<string, string>;

/**
 * Two organizations whose custom fields differ: `seats` goes up to 500 in organization 1 and to 50
 * in organization 2, and only organization 1 has `store_format`. A PROVIDER key without --org reads
 * none of them up front.
 */
describe('a PROVIDER import without --org checks custom fields per organization', () => {
  let harness: ImportHarness;
  /** `METHOD path?query` of every request the emulator answered since the test began. */
  let requests: string[];
  beforeAll(async () => {
    // One business in five is organization 2's.
    harness = await startImportHarness({ orgs: 2, businesses: 60 });
    const { state } = harness.api.emulator;
    const seats = state.customFields.find((field) => field.org_id === 2 && field.name === 'seats');
    if (seats === undefined) throw new Error('no seats in organization 2');
    seats.max = 50;
    state.customFields.splice(state.customFields.findIndex((field) => field.org_id === 2 && field.name === 'store_format'), 1);
    for (const business of state.orgBusinesses(2)) {
      const { store_format: _dropped, ...kept } = business.custom_fields;
      business.custom_fields = { ...kept, seats: 7 };
    }
    for (const business of state.orgBusinesses(1)) business.custom_fields = { ...business.custom_fields, seats: 7, store_format: 'express' };
  });
  beforeEach(() => {
    requests = [];
    harness.api.emulator.faults.script = (_n, req) => {
      requests.push(`${req.method} ${req.path}${req.query.size === 0 ? '' : `?${req.query.toString()}`}`);
      return undefined;
    };
  });
  afterAll(() => harness.close());

  const taken = new Map<number, number>();
  /** A business of the organization no other test uses. */
  function take(orgId: number): Business {
    const index = taken.get(orgId) ?? 0;
    taken.set(orgId, index + 1);
    const business = harness.api.emulator.state.orgBusinesses(orgId)[index];
    if (business === undefined) throw new Error(`no business left in organization ${orgId}`);
    return business;
  }

  function importAsProvider(csv: string, options: Partial<ImportOptions> = {}): Promise<ImportOutcome> {
    return harness.runImport('businesses', csv, options, 'PROVIDER');
  }

  function countRequests(prefix: string): number {
    return requests.filter((request) => request === prefix).length;
  }

  function resultOf(results: readonly Row[], business: Business): Row | undefined {
    return results.find((row) => row.business_id === business.id);
  }

  async function readCsv(path: string): Promise<Row[]> {
    return parse<Row>(await readFile(path, 'utf8'), { bom: true, columns: true });
  }

  it("applies each row's custom fields as its organization defines them, refusing what that organization does not allow", async () => {
    const [a1, b1, b2, b3, a2] = [take(1), take(2), take(2), take(2), take(1)];
    const csv = [
      'business_id,custom_fields.seats,Custom_Fields.store_format',
      `${a1.id},120,Flagship`,
      `${b1.id},40,`,
      `${b2.id},120,`,
      `${b3.id},,classic`,
      `${a2.id},120,`,
    ].join('\n');
    const { summary, results } = await importAsProvider(csv);

    expect(summary.rows).toMatchObject({ total: 5, updated: 3, invalid: 2 });
    expect(resultOf(results, a1)).toMatchObject({ _status: 'updated', _errors: '' });
    expect(resultOf(results, b2)).toMatchObject({ _status: 'invalid', _errors: "custom_fields.seats: must be at most 50, got '120'" });
    expect(resultOf(results, b3)).toMatchObject({ _status: 'invalid', _errors: "custom_fields.store_format: organization 2 has no custom field 'store_format'; empty the cell in the rows of its businesses" });
    expect(requests.filter((request) => request.startsWith('POST')).sort()).toEqual([a1, b1, a2].map((business) => `POST /business/${business.id}`).sort());
    expect(a1.custom_fields).toMatchObject({ seats: 120, store_format: 'flagship' });
    expect(a2.custom_fields).toMatchObject({ seats: 120, store_format: 'express' });
    expect(b1.custom_fields).toMatchObject({ seats: 40 });
    expect([b2.custom_fields.seats, b3.custom_fields.seats]).toEqual([7, 7]);
    // The key's own definitions are refused once; each organization's are read once, however many of its rows follow.
    expect([countRequests('GET /custom_fields'), countRequests('GET /custom_fields?org_id=1'), countRequests('GET /custom_fields?org_id=2')]).toEqual([1, 1, 1]);

    const undo = await readCsv(join(summary.report_dir, 'undo.csv'));
    expect(undo.find((row) => row.business_id === a1.id)).toMatchObject({ 'custom_fields.seats': '7', 'custom_fields.store_format': 'express' });
    expect(undo.find((row) => row.business_id === b1.id)).toMatchObject({ 'custom_fields.seats': '7', 'custom_fields.store_format': '' });
  });

  it('plans with the same columns, and reads the definitions once for the plan and the run', async () => {
    const [a, b] = [take(1), take(2)];
    const csv = ['business_id,custom_fields.seats,custom_fields.store_format', `${a.id},300,classic`, `${b.id},300,`].join('\n');

    const rehearsal = await importAsProvider(csv, { dryRun: true });
    expect(rehearsal.summary.rows).toMatchObject({ would_update: 1, invalid: 1 });
    const plan = await readCsv(join(rehearsal.summary.report_dir, 'plan.csv'));
    // The invalid row is in the plan too, with its error.
    expect(plan.map(({ target, column, current, new: after }) => [target, column, current, after])).toEqual([
      [a.id, 'custom_fields.seats', '7', '300'],
      [a.id, 'custom_fields.store_format', 'express', 'classic'],
      [b.id, 'custom_fields.seats', '', ''],
    ]);
    expect(plan[2]?.error).toMatch(/^custom_fields\.seats: /);

    requests = [];
    const { summary } = await importAsProvider(csv, { breakers: { maxChanges: { rows: 10 } } });
    expect(summary.rows).toMatchObject({ updated: 1, invalid: 1 });
    expect([countRequests('GET /custom_fields'), countRequests('GET /custom_fields?org_id=1'), countRequests('GET /custom_fields?org_id=2')]).toEqual([1, 1, 1]);
    expect(a.custom_fields).toMatchObject({ seats: 300, store_format: 'classic' });
  });

  it('reads no definitions for a sheet without custom field cells', async () => {
    const business = take(2);
    const { summary } = await importAsProvider(['business_id,custom_fields.seats,description_short', `${business.id},,No custom field here`].join('\n'));
    expect(summary.rows).toMatchObject({ updated: 1 });
    expect(requests.filter((request) => request.startsWith('GET /custom_fields'))).toEqual(['GET /custom_fields']);
  });

  let exports = 0;
  async function exportAs(orgId?: number): Promise<Row[]> {
    const out = join(harness.dir, `export-${orgId ?? 'all'}-${++exports}.csv`);
    const client = createApiClient({ baseUrl: harness.api.url, apiKey: harness.api.emulator.keys.PROVIDER, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    try {
      await exportBusinesses(client, { out, filters: {}, ...(orgId === undefined ? {} : { orgId }) }, logger);
    } finally {
      await client.close();
    }
    return readCsv(out);
  }

  function toCsv(rows: Row[]): string {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    return stringify(rows, { header: true, columns });
  }

  it('round-trips an export without --org given a custom field column: only the row whose cell is filled is updated', async () => {
    const business = take(2);
    const rows = await exportAs();
    expect(Object.keys(rows[0] ?? {}).some((column) => column.startsWith('custom_fields.'))).toBe(false);
    const edited = rows.map((row) => ({ ...row, 'custom_fields.seats': row.business_id === business.id ? '45' : '' }));
    requests = [];

    const { summary, results } = await importAsProvider(toCsv(edited));
    expect(summary.rows).toMatchObject({ total: rows.length, updated: 1, unchanged: rows.length - 1 });
    expect(resultOf(results, business)?._changes).toBe("custom_fields.seats: '7' -> '45'");
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([`POST /business/${business.id}`]);
    expect(countRequests('GET /custom_fields?org_id=2')).toBe(1);
    // The column the export did not have is empty in the other rows: they are as exported, and cost no read.
    const searched = requests.filter((request) => request.startsWith('GET /business/search'));
    expect(searched.map((request) => new URLSearchParams(request.split('?')[1]).get('business__in'))).toEqual([business.id]);
    expect(business.custom_fields.seats).toBe(45);
  });

  it("merges with _base by each organization's columns: exports of two organizations joined in one sheet", async () => {
    const [a, b] = [take(1), take(2)];
    const joined = [...(await exportAs(1)), ...(await exportAs(2))];
    expect(Object.keys(joined[0] ?? {})).toContain('custom_fields.store_format');
    const edits: Record<string, string> = { [a.id]: '150', [b.id]: '12' };
    const edited = joined.map((row) => ({ ...row, 'custom_fields.seats': edits[row.business_id ?? ''] ?? row['custom_fields.seats'] ?? '' }));
    // Meanwhile, the API changes a's seats otherwise: a conflict, and a's row is left alone.
    expect((await harness.api.call('POST', `/business/${a.id}`, { body: { custom_fields: { seats: 99 } } })).status).toBe(200);
    requests = [];

    const { summary, results } = await importAsProvider(toCsv(edited));
    expect(summary.rows).toMatchObject({ total: joined.length, updated: 1, conflict: 1, unchanged: joined.length - 2 });
    expect(resultOf(results, b)?._changes).toBe("custom_fields.seats: '7' -> '12'");
    expect(resultOf(results, a)?._changes).toBe("custom_fields.seats: base '7' / file '150' / current '99'");
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([`POST /business/${b.id}`]);
    expect([a.custom_fields.seats, b.custom_fields.seats]).toEqual([99, 12]);
  });

  it("refuses a row that edits a field its organization's definition leaves read-only, as an import with --org does", async () => {
    const [business, other] = [take(2), take(2)];
    const { state } = harness.api.emulator;
    const section = state.customFields.find((field) => field.org_id === 2)?.section_id ?? 0;
    const field: CustomField = { id: state.nextId(), org_id: 2, name: 'renovated_on', slug: 'renovated-on', type: 'DATE', order: 99, section_id: section };
    state.customFields.push(field);
    try {
      for (const valued of [business, other]) valued.custom_fields = { ...valued.custom_fields, renovated_on: '2019-04-01' };
      const rows = await exportAs(2);
      expect(rows.find((row) => row.business_id === business.id)?.['custom_fields.renovated_on']).toBe('"2019-04-01"');
      const edits: Record<string, Row> = { [business.id]: { 'custom_fields.renovated_on': '"2020-01-01"' }, [other.id]: { name: 'Renamed', 'custom_fields.renovated_on': '2020-01-01' } };
      const edited = rows.map((row) => ({ ...row, ...edits[row.business_id ?? ''] }));
      requests = [];

      const { summary, results } = await importAsProvider(toCsv(edited));
      expect(summary.rows).toMatchObject({ total: rows.length, invalid: 2, unchanged: rows.length - 2 });
      const refusal = (typed: string) =>
        `custom_fields.renovated_on: read-only, so the import does not send it (Custom field 'renovated_on' as JSON (read-only: its definition does not read, type is "DATE" (expected one of BOOLEAN, TEXT, INTEGER, FLOAT, SINGLE_SELECT, MULTIPLE_SELECT, MULTIPLE_SELECT_IMAGE, IMAGES_UPLOADER))); put back '"2019-04-01"' or empty the cell, got '${typed}'`;
      expect([resultOf(results, business)?._errors, resultOf(results, other)?._errors]).toEqual([refusal('"2020-01-01"'), refusal('2020-01-01')]);
      expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    } finally {
      state.customFields.splice(state.customFields.indexOf(field), 1);
    }
  });
});
