import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('NULL cells, as databases and scripts export a missing value', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());

  it('reads NULL and \\N as empty cells in a business row: the fields keep their values, _changes says so, the report keeps the cells', async () => {
    const [business] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('no business');
    business.address2 = 'Bâtiment B';
    business.description_short = 'Fresh bread every morning.';
    business.city = 'Ajaccio';
    const gallery = [{ url: 'https://cdn.example.com/1.jpg', texts: { caption: 'Front' } }];
    business.custom_fields.gallery = gallery;
    // null in a JSON cell would otherwise read as JSON's null, which empties a custom field.
    const csv = `code,name,address2,description_short,contacts.0.fax,custom_fields.gallery,city\n${business.code ?? ''},null,NULL,\\N, Null ,null,Nice\n`;

    const { results } = await harness.runImport('businesses', csv);

    expect(results[0]).toMatchObject({ _status: 'updated', address2: 'NULL', description_short: '\\N' });
    expect(results[0]?._changes).toBe(
      `name, address2, description_short, contacts.0.fax, custom_fields.gallery: NULL read as an empty cell, which keeps the field; write #clear to empty it | city: 'Ajaccio' -> 'Nice'`,
    );
    expect(business).toMatchObject({ address2: 'Bâtiment B', description_short: 'Fresh bread every morning.', city: 'Nice' });
    expect(business.name).not.toBe('null');
    expect(business.contacts[0]?.fax ?? '').toBe('');
    expect(business.custom_fields.gallery).toEqual(gallery);
  });

  it('reads NULL as an empty cell in a services row, whose description is then kept', async () => {
    const business = harness.api.emulator.state.orgBusinesses(1)[1];
    if (business === undefined) throw new Error('no business');
    business.categories = ['gcid:bakery'];
    harness.api.emulator.state.businessServices.set(business.id, [
      { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: 2, description: 'Every morning', category_geo_name: 'gcid:bakery' },
    ]);

    const { results } = await harness.runImport('services', `business_id,service_id,price,description\n${business.id},102,3,NULL\n`);

    expect(results[0]?._status).toBe('updated');
    expect(harness.api.emulator.state.businessServices.get(business.id)?.[0]).toMatchObject({ price: 3, description: 'Every morning' });
  });
});
