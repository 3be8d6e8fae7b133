import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuirks } from '../../../src/emulator/pipeline/quirks.js';
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
  const HELD =
    'photos.primary: disabled for organization 2 or for this key (edit_not_allowed), and photos is sent whole: without it, a service that replaces photos would empty it; leave the photos columns unchanged for this organization';

  it('learns photos.primary from the first 403, leaves it out where it holds nothing, and sends no row that would empty it', async () => {
    const [a, b, c, d] = [business(0), business(1), business(2), business(3)];
    const primaryOfA = a.photos.primary;
    delete b.photos.primary;
    const csv = [
      'business_id,photos.primary,photos.secondary',
      `${a.id},,${gallery(1)}`,
      `${b.id},,${gallery(2)}`,
      `${c.id},https://cdn.example.com/new/front.jpg,${gallery(3)}`,
      `${d.id},,${gallery(4)}`,
    ].join('\n');
    const { summary, results } = await harness.runImport('businesses', csv, { orgId: 2 }, 'PROVIDER');

    expect(primaryOfA).toBeTruthy();
    expect(results.map((row) => [row._status, row._errors, row._http_status])).toEqual([
      ['failed', HELD, '403'],
      ['updated', '', ''],
      ['failed', LOCKED, ''],
      ['failed', HELD, ''],
    ]);
    // The row that taught the field is not sent again: without photos.primary, photos would lose it under a replacing service.
    expect(harness.writes).toEqual([`POST /business/${a.id}`, `POST /business/${b.id}`]);
    expect([a.photos.secondary, a.photos.primary, b.photos.secondary]).toEqual([expect.not.arrayContaining([gallery(1)]), primaryOfA, [gallery(2)]]);
    expect(summary.locked_fields).toEqual({ '2': ['photos.primary'] });
    const written = JSON.parse(await readFile(join(summary.report_dir, 'summary.json'), 'utf8')) as { locked_fields?: unknown };
    expect(written.locked_fields).toEqual({ '2': ['photos.primary'] });
  });

  it('fails a row that changes a disabled field, naming it, and learns from its 403 for the rows after it', async () => {
    const [e, f] = [business(4), business(5)];
    delete f.photos.primary;
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

/*
 * A service that replaces photos whole: the audit's case, where the row sent again without the
 * refused photos.primary emptied it, and the run said "updated".
 */
describe('import businesses of an organization with disabled fields, from a service that replaces nested objects', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ quirks: parseQuirks('replace-nested') });
  });
  afterAll(() => harness.close());

  it('keeps the disabled photos.primary: the row that would empty it fails', async () => {
    const [business] = harness.api.emulator.state.orgBusinesses(2);
    const primary = business?.photos.primary;
    expect(primary).toBeTruthy();
    const { results } = await harness.runImport('businesses', ['business_id,photos.LOGO', `${business?.id ?? ''},https://cdn.example.com/new/logo.png`].join('\n'), { orgId: 2 }, 'PROVIDER');
    expect(results[0]).toMatchObject({ _status: 'failed', _http_status: '403' });
    expect(business?.photos.primary).toBe(primary);
  });
});
