import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuirks } from '../../../src/emulator/pipeline/quirks.js';
import type { Business, ServiceItem } from '../../../src/emulator/state-types.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('import services', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());

  /** A business of the first organization with the given categories and services, so expectations are exact. */
  function prepareBusiness(index: number, categories: string[], services: ServiceItem[] = []): Business {
    const business = harness.api.emulator.state.orgBusinesses(1)[index];
    if (business === undefined) throw new Error(`no business at index ${index}`);
    business.categories = categories;
    harness.api.emulator.state.businessServices.set(business.id, services);
    return business;
  }

  function servicesOf(business: Business): ServiceItem[] {
    return harness.api.emulator.state.businessServices.get(business.id) ?? [];
  }

  it('reads a business once for its rows, sends each service on its own, and fails only the refused row', async () => {
    const a = prepareBusiness(10, ['gcid:bakery', 'gcid:cafe', 'gcid:pastry_shop']);
    const b = prepareBusiness(11, ['gcid:bakery']);
    const c = prepareBusiness(12, ['gcid:bakery'], [
      { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: 2, description: 'Every morning', category_geo_name: 'gcid:bakery' },
    ]);
    const csv = [
      'business_id,code,service_id,price,description',
      `${a.id},,101,45,Wedding cakes`,
      `${a.id},,104,3.5,`,
      `${a.id},,999,1,`,
      `${a.id},,104,4,`,
      `,${b.code ?? ''},102,2.5,Fresh every morning`,
      `${c.id},,102,2,Every morning`,
      `${c.id},,abc,,`,
      ',NO-SUCH-CODE,101,1,',
      `${a.id},,101,50,`,
    ].join('\n');
    const { summary, results } = await harness.runImport('services', csv);

    expect(results.map((row) => [row._row, row._status])).toEqual([
      ['2', 'updated'],
      ['3', 'updated'],
      ['4', 'failed'],
      ['5', 'invalid'],
      ['6', 'updated'],
      ['7', 'unchanged'],
      ['8', 'invalid'],
      ['9', 'failed'],
      ['10', 'updated'],
    ]);
    const [cakes, coffee, unknown, twice, byCode, , badId, noCode, again] = results;
    expect(cakes?._changes).toBe("service_id: '' -> '101' | price: '' -> '45' | description: '' -> 'Wedding cakes' | categories: gcid:bakery, gcid:pastry_shop");
    expect(coffee?._changes).toContain('categories: gcid:cafe');
    expect(unknown).toMatchObject({ _http_status: '400', _errors: 'service_id: Unknown service.' });
    expect(twice?._errors).toBe('service_id: set already by row 3 for this business; give each service_id one row');
    expect(byCode).toMatchObject({ _target: b.id, _changes: "service_id: '' -> '102' | price: '' -> '2.5' | description: '' -> 'Fresh every morning' | categories: gcid:bakery" });
    expect(badId?._errors).toBe("service_id: must be a whole number, got 'abc'");
    expect(noCode?._errors).toBe("code: no business with store code 'NO-SUCH-CODE' that this key can read");
    expect(again?._changes).toBe("price: '45' -> '50' | categories: gcid:bakery, gcid:pastry_shop");

    // The cross-category rule: service 101 set for both categories offering it. One request per service, as the spec documents.
    expect(servicesOf(a).map((item) => [item.service_id, item.category_geo_name, item.price])).toEqual([
      [101, 'gcid:bakery', 50],
      [101, 'gcid:pastry_shop', 50],
      [104, 'gcid:cafe', 3.5],
    ]);
    expect(harness.writes.sort()).toEqual(
      [
        `POST /business/${a.id}/structured_services`,
        `POST /business/${a.id}/structured_services`,
        `POST /business/${a.id}/structured_services`,
        `POST /business/${a.id}/structured_services`,
        `POST /business/${b.id}/structured_services`,
      ].sort(),
    );
    expect(summary.rows).toEqual({ total: 9, updated: 4, unchanged: 1, would_update: 0, conflict: 0, invalid: 2, failed: 2, skipped: 0 });
    // One search finds the organization of every business addressed by id (its budget), then a read each; the codes
    // are searched as a list, and NO-SUCH-CODE alone once more: one code back does not prove the service reads lists.
    expect(summary.requests).toMatchObject({ reads: 7, writes: 5 });
  });

  it('sends nothing when the same rows are imported again in diff mode', async () => {
    const d = prepareBusiness(13, ['gcid:cafe', 'gcid:sandwich_shop']);
    const csv = ['business_id,service_id,price,description', `${d.id},103,120,Office lunches`, `${d.id},104,2,`].join('\n');
    const first = await harness.runImport('services', csv);
    expect(first.summary.rows.updated).toBe(2);
    expect(harness.writes).toHaveLength(2);
    const again = await harness.runImport('services', csv);
    expect(again.results.map((row) => row._status)).toEqual(['unchanged', 'unchanged']);
    expect(harness.writes).toEqual([]);
    expect(again.summary.requests).toMatchObject({ reads: 2, writes: 0 });
  });

  it('says in a dry run what would change, and in patch mode sends without reading the services', async () => {
    const e = prepareBusiness(14, ['gcid:bakery'], [
      { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: 2, description: '', category_geo_name: 'gcid:bakery' },
    ]);
    const csv = ['business_id,service_id,price', `${e.id},102,3`].join('\n');
    const dry = await harness.runImport('services', csv, { dryRun: true });
    expect(dry.results[0]).toMatchObject({ _status: 'would_update', _changes: "price: '2' -> '3'" });
    expect(harness.writes).toEqual([]);

    const patch = await harness.runImport('services', csv, { mode: 'patch' });
    expect(patch.results[0]).toMatchObject({ _status: 'updated', _changes: "service_id: -> '102' | price: -> '3' | categories: gcid:bakery" });
    // The one read is the search that finds the business's organization.
    expect(patch.summary.requests).toMatchObject({ reads: 1, writes: 1 });
    expect(servicesOf(e)[0]?.price).toBe(3);
  });

  it('refuses to clear a price: the contract types it as a number, and no edition empties one', async () => {
    const g = prepareBusiness(16, ['gcid:bakery'], [
      { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: 2, description: '', category_geo_name: 'gcid:bakery' },
    ]);
    const { results } = await harness.runImport('services', ['business_id,service_id,price', `${g.id},102,#clear`].join('\n'));
    expect(results[0]).toMatchObject({ _status: 'invalid', _errors: 'price: cannot be cleared; leave the cell empty to keep the current value' });
    expect(harness.writes).toEqual([]);
    expect(servicesOf(g)[0]?.price).toBe(2);
  });

  it('refuses a row that renames its service in the read-only name column, rather than report it unchanged; the name as read goes', async () => {
    const g = prepareBusiness(16, ['gcid:bakery'], [
      { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: 2, description: 'Every morning', category_geo_name: 'gcid:bakery' },
      { service_id: 105, type: 'FREE_FORM_SERVICE_ITEM', name: 'Gluten-free baking', price: 4, description: '', category_geo_name: 'gcid:bakery' },
    ]);
    const csv = ['business_id,service_id,price,description,name', `${g.id},102,2,Every morning,Livraison de pain`, `${g.id},105,5,,Gluten-free baking`].join('\n');
    const { results } = await harness.runImport('services', csv);

    expect(results.map((row) => [row._status, row._errors])).toEqual([
      ['invalid', "name: read-only, so the import does not send it (Name of the service); put back 'Bread delivery' or empty the cell, got 'Livraison de pain'"],
      ['updated', ''],
    ]);
    expect(servicesOf(g).map((item) => [item.service_id, item.name, item.price])).toEqual([
      [102, 'Bread delivery', 2],
      [105, 'Gluten-free baking', 5],
    ]);
  });

  it('lets a PROVIDER key address businesses by store code', async () => {
    const f = prepareBusiness(15, ['gcid:bakery']);
    const { results } = await harness.runImport('services', ['code,service_id,price', `${f.code ?? ''},105,8`].join('\n'), {}, 'PROVIDER');
    expect(results[0]).toMatchObject({ _status: 'updated', _target: f.id });
    expect(servicesOf(f).map((item) => [item.service_id, item.price])).toEqual([[105, 8]]);
  });
});

describe('import services from a service that leaves out unset prices and businesses without a store code (quirk nulls)', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ quirks: parseQuirks('nulls') });
  });
  afterAll(() => harness.close());

  it('finds a business by its id though its answer has no code, and compares with a service that has no price', async () => {
    const business = harness.api.emulator.state.orgBusinesses(1)[0];
    if (business === undefined) throw new Error('no business');
    business.code = null;
    business.categories = ['gcid:bakery'];
    harness.api.emulator.state.businessServices.set(business.id, [
      { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: null, description: '', category_geo_name: 'gcid:bakery' },
    ]);
    const { results } = await harness.runImport('services', `business_id,service_id,price,description\n${business.id},102,2.5,\n`);
    expect(results.map((row) => [row._status, row._changes, row._errors])).toEqual([['updated', "price: '' -> '2.5' | categories: gcid:bakery", '']]);
    expect(harness.api.emulator.state.businessServices.get(business.id)?.[0]?.price).toBe(2.5);
  });
});

describe('import services into a service that sets an item whole (replace-nested)', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ quirks: parseQuirks('replace-nested') });
  });
  afterAll(() => harness.close());

  it('sends the fields a row leaves empty with their current value, so a new price keeps the description', async () => {
    const business = harness.api.emulator.state.orgBusinesses(1)[0];
    if (business === undefined) throw new Error('no business');
    business.categories = ['gcid:bakery'];
    const bread: ServiceItem = { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: 2, description: 'Every morning', category_geo_name: 'gcid:bakery' };
    // A copy: the emulator updates the stored item in place.
    harness.api.emulator.state.businessServices.set(business.id, [{ ...bread }]);
    const csv = ['business_id,service_id,price,description', `${business.id},102,2.5,`].join('\n');
    const { results } = await harness.runImport('services', csv);
    expect(results.map((row) => [row._status, row._changes])).toEqual([['updated', "price: '2' -> '2.5' | categories: gcid:bakery"]]);
    expect(harness.api.emulator.state.businessServices.get(business.id)).toEqual([{ ...bread, price: 2.5 }]);
  });
});
