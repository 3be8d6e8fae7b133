import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/** The seeded organization 2 has `name` and `photos.primary` disabled: the service refuses them with edit_not_allowed, even unchanged. */
describe('import businesses of an organization with disabled fields', () => {
  let harness: ImportHarness;
  let nordic: Business[];
  beforeAll(async () => {
    harness = await startImportHarness();
    nordic = harness.api.emulator.state.orgBusinesses(2);
  });
  afterAll(() => harness.close());

  const gallery = (index: number) => `https://cdn.example.com/new/${index}.jpg`;
  const business = (index: number): Business => {
    const found = nordic[index];
    if (found === undefined) throw new Error(`no business ${index} in organization 2`);
    return found;
  };
  const LOCKED = 'photos.primary: disabled for organization 2 or for this key (edit_not_allowed); leave it unchanged';

  it('learns photos.primary from the first 403, sends that row again without it, and leaves it out of later rows from the start', async () => {
    const [a, b, c, d] = [business(0), business(1), business(2), business(3)];
    const primaryOfA = a.photos.primary;
    const csv = [
      'business_id,photos.primary,photos.secondary',
      `${a.id},,${gallery(1)}`,
      `${b.id},,${gallery(2)}`,
      `${c.id},https://cdn.example.com/new/front.jpg,${gallery(3)}`,
      `${d.id},,${gallery(4)}`,
    ].join('\n');
    const { summary, results } = await harness.runImport('businesses', csv, { orgId: 2 }, 'PROVIDER');

    expect(results.map((row) => [row._status, row._errors, row._http_status])).toEqual([
      ['updated', '', ''],
      ['updated', '', ''],
      ['failed', LOCKED, ''],
      ['updated', '', ''],
    ]);
    // One request sent again, for the row that taught the field; none for the rows after it, none for the row that changes it.
    expect(harness.writes).toEqual([`POST /business/${a.id}`, `POST /business/${a.id}`, `POST /business/${b.id}`, `POST /business/${d.id}`]);
    expect([a.photos.secondary, a.photos.primary]).toEqual([[gallery(1)], primaryOfA]);
    expect(summary.locked_fields).toEqual({ '2': ['photos.primary'] });
    const written = JSON.parse(await readFile(join(summary.report_dir, 'summary.json'), 'utf8')) as { locked_fields?: unknown };
    expect(written.locked_fields).toEqual({ '2': ['photos.primary'] });
  });

  it('fails a row that changes a disabled field, naming it, and learns from its 403 for the rows after it', async () => {
    const [e, f] = [business(4), business(5)];
    const csv = ['business_id,photos.primary,photos.secondary', `${e.id},https://cdn.example.com/new/front.jpg,`, `${f.id},,${gallery(5)}`].join('\n');
    const { summary, results } = await harness.runImport('businesses', csv, { orgId: 2 }, 'PROVIDER');

    expect(results.map((row) => [row._status, row._errors, row._http_status])).toEqual([
      ['failed', LOCKED, '403'],
      ['updated', '', ''],
    ]);
    expect(harness.writes).toEqual([`POST /business/${e.id}`, `POST /business/${f.id}`]);
    expect(summary.locked_fields).toEqual({ '2': ['photos.primary'] });
  });

  it('in patch mode leaves out an unchanged top-level field too (name)', async () => {
    const g = business(6);
    const { name } = g;
    const csv = ['business_id,name,city', `${g.id},${name},Tromsø`].join('\n');
    const { summary, results } = await harness.runImport('businesses', csv, { orgId: 2, mode: 'patch' }, 'PROVIDER');

    expect(results[0]).toMatchObject({ _status: 'updated', _errors: '' });
    expect(harness.writes).toEqual([`POST /business/${g.id}`, `POST /business/${g.id}`]);
    expect([g.city, g.name]).toEqual(['Tromsø', name]);
    expect(summary.locked_fields).toEqual({ '2': ['name'] });
  });

  it('learns nothing in a dry run, which sends no write', async () => {
    const { summary, results } = await harness.runImport('businesses', ['business_id,photos.secondary', `${business(7).id},${gallery(7)}`].join('\n'), { orgId: 2, dryRun: true }, 'PROVIDER');
    expect(results[0]).toMatchObject({ _status: 'would_update' });
    expect(harness.writes).toEqual([]);
    expect(summary.locked_fields).toBeUndefined();
  });
});
