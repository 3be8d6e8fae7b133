import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { BreakerError } from '../../../src/jobs/import/breakers/breaker-error.js';
import { importSheet } from '../../../src/jobs/import/import-sheet.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import { recordWrites } from '../../emulator/record-writes.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

type Row = Record<string, string>;

describe('safe round trips', () => {
  let api: TestEmulator;
  let businesses: Business[];
  let writes: string[];
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 60, feedback: 0, ratePerMinute: 100_000 });
    businesses = api.emulator.state.orgBusinesses(1);
    writes = recordWrites(api);
  });
  beforeEach(() => {
    writes.length = 0;
  });
  afterAll(() => api.close());

  function createClient() {
    return createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
  }

  async function exportAll(out: string): Promise<void> {
    const client = createClient();
    try {
      await exportBusinesses(client, { out, filters: {} }, logger);
    } finally {
      await client.close();
    }
  }

  async function importFile(file: string, options: Partial<ImportOptions> = {}) {
    const reportDir = options.reportDir ?? join(await makeTempDir(), 'report');
    const client = createClient();
    writes.length = 0;
    try {
      const summary = await importSheet(client, 'businesses', { file, reportDir, mode: 'diff', dryRun: false, ...options }, logger);
      return { summary, reportDir, results: await readCsv(join(reportDir, 'results.csv')) };
    } finally {
      await client.close();
    }
  }

  async function readCsv(path: string): Promise<Row[]> {
    return parse<Row>(await readFile(path, 'utf8'), { bom: true, columns: true });
  }

  /** Exports to CSV, then rewrites the file with the rows `edit` returns. */
  async function exportAndEdit(edit: (rows: Row[]) => Row[]): Promise<string> {
    const out = join(await makeTempDir(), 'businesses.csv');
    await exportAll(out);
    const rows = edit(await readCsv(out));
    await writeFile(out, stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) }));
    return out;
  }

  function rowOf(rows: Row[], business: Business): Row {
    const row = rows.find((candidate) => candidate.business_id === business.id);
    if (row === undefined) throw new Error(`no row for ${business.id}`);
    return row;
  }

  function at(index: number): Business {
    const business = businesses[index];
    if (business === undefined) throw new Error(`no business ${index}`);
    return business;
  }

  /** A business as the API holds it, less the time of its last change. */
  function stateOf(business: Business): Omit<Business, 'modified'> {
    const { modified: _modified, ...rest } = structuredClone(business);
    return rest;
  }

  it('sends the file’s changes, keeps the API’s, and reports a field both changed as a conflict', async () => {
    const [a, b] = [at(0), at(1)];
    const [aName, exportedCity] = [a.name, b.city ?? ''];
    const file = await exportAndEdit((rows) => {
      rowOf(rows, a).name = 'Renamed in the file';
      rowOf(rows, b).name = 'Also renamed in the file';
      rowOf(rows, b).city = 'Chambéry';
      return [rowOf(rows, a), rowOf(rows, b)];
    });
    // Meanwhile, store managers change their city (and b's zip code) in the web application.
    for (const [business, body] of [[a, { city: 'Modane' }], [b, { city: 'Albertville', zipcode: '73200' }]] as const) {
      expect((await api.call('POST', `/business/${business.id}`, { body })).status).toBe(200);
    }
    const bBefore = stateOf(b);

    const { summary, results } = await importFile(file);
    expect(summary.rows).toMatchObject({ total: 2, updated: 1, conflict: 1 });
    expect(writes).toEqual([`/business/${a.id}`]);
    expect([a.name, a.city]).toEqual(['Renamed in the file', 'Modane']);
    expect(rowOf(results, a)._changes).toBe(`name: '${aName}' -> 'Renamed in the file'`);
    expect(stateOf(b)).toEqual(bBefore);
    const conflict = `conflict: city changed in the platform since the export ('${exportedCity}' -> 'Albertville')`;
    expect(rowOf(results, b)).toMatchObject({ _status: 'conflict', _changes: `city: base '${exportedCity}' / file 'Chambéry' / current 'Albertville'`, _errors: conflict });

    const failed = await importFile(file, { onConflict: 'fail' });
    expect(failed.summary.rows).toMatchObject({ unchanged: 1, failed: 1 });
    expect(writes).toEqual([]);
    expect(rowOf(failed.results, b)._errors).toBe(conflict);

    const overwritten = await importFile(file, { onConflict: 'overwrite' });
    expect(overwritten.summary.rows).toMatchObject({ unchanged: 1, updated: 1 });
    expect([b.name, b.city, b.zipcode]).toEqual(['Also renamed in the file', 'Chambéry', '73200']);
    expect(rowOf(overwritten.results, b)._changes).toContain(`city: base '${exportedCity}' / file 'Chambéry' / current 'Albertville' (conflict: the file wins)`);
  });

  it('keeps _base in a hidden XLSX column and merges from it', async () => {
    const c = at(2);
    const out = join(await makeTempDir(), 'businesses.xlsx');
    await exportAll(out);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.getWorksheet('businesses');
    const header = sheet?.getRow(1);
    const column = (name: string): number => {
      let found = 0;
      header?.eachCell((cell, index) => {
        if (cell.text === name) found = index;
      });
      return found;
    };
    expect(sheet?.getColumn(column('_base')).hidden).toBe(true);
    const row = sheet?.getRows(2, sheet.rowCount - 1)?.find((candidate) => candidate.getCell(column('business_id')).text === c.id);
    if (row === undefined) throw new Error(`no row for ${c.id}`);
    row.getCell(column('name')).value = 'Renamed in Excel';
    await workbook.xlsx.writeFile(out);
    expect((await api.call('POST', `/business/${c.id}`, { body: { zipcode: '73000' } })).status).toBe(200);

    writes.length = 0;
    const client = createClient();
    try {
      const summary = await importSheet(client, 'businesses', { file: out, reportDir: join(await makeTempDir(), 'report'), mode: 'diff', dryRun: false }, logger);
      expect(summary.rows).toMatchObject({ updated: 1, conflict: 0, invalid: 0 });
    } finally {
      await client.close();
    }
    expect(writes).toEqual([`/business/${c.id}`]);
    expect([c.name, c.zipcode]).toEqual(['Renamed in Excel', '73000']);
  });

  it('writes undo.csv with the before-image of exactly the fields changed; importing it restores them', async () => {
    const [d, e] = [at(3), at(4)];
    const before = [stateOf(d), stateOf(e)];
    const file = await exportAndEdit((rows) => {
      Object.assign(rowOf(rows, d), { name: 'Undo me', 'open_hours.monday': '06:00-07:00', 'contacts.0.phone_numbers': '+33611223344' });
      Object.assign(rowOf(rows, e), { city: 'Lyon', zipcode: '69001' });
      return [rowOf(rows, d), rowOf(rows, e)];
    });
    const { reportDir, summary } = await importFile(file);
    expect(summary.rows.updated).toBe(2);

    const undo = await readCsv(join(reportDir, 'undo.csv'));
    const filled = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([name, cell]) => cell !== '' && name !== '_base'));
    // `_code` and `_name` name the business for people; an import ignores them.
    expect(filled(rowOf(undo, d))).toEqual({
      business_id: d.id,
      _code: d.code,
      _name: before[0]?.name,
      name: before[0]?.name,
      'open_hours.monday': before[0]?.open_hours.monday.join(',') || 'closed',
      // An E.164 phone is no formula: written as it is.
      'contacts.0.phone_numbers': before[0]?.contacts[0]?.phone_numbers?.join('|') ?? '',
    });
    expect(filled(rowOf(undo, e))).toEqual({ business_id: e.id, _code: e.code, _name: e.name, city: before[1]?.city, zipcode: before[1]?.zipcode });

    const restored = await importFile(join(reportDir, 'undo.csv'));
    expect(restored.summary.rows).toMatchObject({ updated: 2, conflict: 0 });
    expect([stateOf(d), stateOf(e)]).toEqual(before);
  });

  it('checks an undo file for conflicts: a change made after the import is not reverted', async () => {
    const f = at(5);
    const file = await exportAndEdit((rows) => {
      rowOf(rows, f).city = 'Valence';
      return [rowOf(rows, f)];
    });
    const { reportDir } = await importFile(file);
    expect((await api.call('POST', `/business/${f.id}`, { body: { city: 'Vienne' } })).status).toBe(200);

    const undone = await importFile(join(reportDir, 'undo.csv'));
    expect(writes).toEqual([]);
    expect(f.city).toBe('Vienne');
    expect(rowOf(undone.results, f)._changes).toMatch(/^city: base 'Valence' \/ file '[^']+' \/ current 'Vienne'$/);
  });

  it('writes plan.csv on a dry run: one line per field that would change', async () => {
    const g = at(6);
    const file = await exportAndEdit((rows) => {
      Object.assign(rowOf(rows, g), { name: 'Planned name', 'open_hours.sunday': '06:00-07:00' });
      return [rowOf(rows, g)];
    });
    const { summary, reportDir } = await importFile(file, { dryRun: true });
    expect(summary.rows.would_update).toBe(1);
    expect(writes).toEqual([]);
    expect(await readCsv(join(reportDir, 'plan.csv'))).toEqual([
      { row: '2', target: g.id, code: g.code, name: g.name, column: 'name', current: g.name, new: 'Planned name', error: '' },
      { row: '2', target: g.id, code: g.code, name: g.name, column: 'open_hours.sunday', current: g.open_hours.sunday.join(',') || 'closed', new: '06:00-07:00', error: '' },
    ]);
  });

  it('lists the plan in row order: a conflict or a change found by a read keeps its place among invalid rows found before any read', async () => {
    const [m, n, o] = [at(12), at(13), at(14)];
    const file = await exportAndEdit((rows) => {
      rowOf(rows, m).name = 'Planned first';
      rowOf(rows, n).city = 'Chambéry';
      rowOf(rows, o).lat = 'north';
      return [rowOf(rows, m), rowOf(rows, n), rowOf(rows, o)];
    });
    expect((await api.call('POST', `/business/${n.id}`, { body: { city: 'Albertville' } })).status).toBe(200);
    const { reportDir } = await importFile(file, { dryRun: true });
    const plan = await readCsv(join(reportDir, 'plan.csv'));
    expect(plan.map(({ row, column }) => [row, column])).toEqual([
      ['2', 'name'],
      ['3', 'city'],
      ['4', 'lat'],
    ]);
  });

  it('reads only the rows that differ from their _base: the others are unchanged without a request, conflicts still found', async () => {
    const [k, l] = [at(10), at(11)];
    const file = await exportAndEdit((rows) => {
      rowOf(rows, k).name = 'Changed in the file';
      rowOf(rows, l).city = 'Annecy';
      return rows;
    });
    // Since the export, l's city was changed in the service too: a conflict, which only a read can tell.
    expect((await api.call('POST', `/business/${l.id}`, { body: { city: 'Thonon' } })).status).toBe(200);
    const searched: string[][] = [];
    api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') writes.push(req.path);
      if (req.path === '/business/search') searched.push((req.query.get('business__in') ?? '').split(',').filter((id) => id !== ''));
      return undefined;
    };
    const { summary, results } = await importFile(file);
    const total = summary.rows.total;
    expect(total).toBeGreaterThan(40);
    expect(summary.rows).toMatchObject({ updated: 1, conflict: 1, unchanged: total - 2 });
    expect(searched).toEqual([[k.id, l.id]]);
    // The custom field definitions, then one search.
    expect(summary.requests).toMatchObject({ reads: 2, writes: 1 });
    expect(writes).toEqual([`/business/${k.id}`]);
    expect(rowOf(results, l)._status).toBe('conflict');
  });

  it('refuses a _base that an export did not write, or that belongs to another business', async () => {
    const [h, i, j] = [at(7), at(8), at(9)];
    const file = await exportAndEdit((rows) => {
      Object.assign(rowOf(rows, h), { name: 'x', _base: 'edited by hand' });
      Object.assign(rowOf(rows, i), { name: 'y', _base: rowOf(rows, j)._base });
      return [rowOf(rows, h), rowOf(rows, i)];
    });
    const { summary, results } = await importFile(file);
    expect(summary.rows.invalid).toBe(2);
    expect(writes).toEqual([]);
    expect(rowOf(results, h)._errors).toBe('_base: is not what an export wrote (was it edited?); empty the cell to compare with the current business only');
    expect(rowOf(results, i)._errors).toBe(`_base: was exported for business ${j.id}, not ${i.id}; empty the cell to compare with the current business only`);
  });

  it('trips --max-status-changes on a plan that would close 30% of the stores, before any write', async () => {
    let closing = 0;
    const file = await exportAndEdit((rows) => {
      // The last rows: the tests above use the first ones.
      const open = rows.filter((row) => row.status !== 'closed').reverse();
      closing = Math.ceil(rows.length * 0.3);
      for (const row of open.slice(0, closing)) row.status = 'closed';
      return rows;
    });
    const statuses = businesses.map((business) => business.status);
    const reportDir = join(await makeTempDir(), 'report');
    const client = createClient();
    try {
      const tripped = importSheet(client, 'businesses', { file, reportDir, mode: 'diff', dryRun: false, breakers: { maxStatusChanges: { percent: 10 } } }, logger);
      const most = Math.floor(businesses.length / 10);
      await expect(tripped).rejects.toThrow(BreakerError);
      await expect(tripped).rejects.toThrow(
        `the plan trips --max-status-changes 10%: ${closing} of ${businesses.length} businesses would change status, more than ${most}. Nothing was written: review ${join(reportDir, 'plan', 'plan.csv')},`,
      );
      expect(writes).toEqual([]);
      expect(businesses.map((business) => business.status)).toEqual(statuses);
      const plan = await readCsv(join(reportDir, 'plan', 'plan.csv'));
      expect(plan.filter((line) => line.column === 'status' && line.new === 'closed')).toHaveLength(closing);

      const summary = await importSheet(client, 'businesses', { file, reportDir, mode: 'diff', dryRun: false, breakers: { maxStatusChanges: { percent: 40 }, maxChanges: { rows: closing } } }, logger);
      expect(summary.rows.updated).toBe(closing);
      expect(writes).toHaveLength(closing);
    } finally {
      await client.close();
    }
  });
});
