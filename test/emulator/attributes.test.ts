import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../src/emulator/state-types.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator, type TestResponse } from './start-test-emulator.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startTestEmulator();
});
afterAll(() => api.close());

const FORBIDDEN = { errors: { authorization: 'Operation not allowed' } };
const CARDS = ['visa', 'mastercard', 'american_express', 'discover', 'jcb'];

interface AttributesBody {
  attributes: { type: string; geo_id: string; value: unknown }[];
}

function outcome(res: TestResponse): { status: number; body: unknown } {
  return { status: res.status, body: res.body };
}

/** A French business of the first organization with known categories and attribute values. */
function prepareBusiness(index: number, categories: string[], values: [string, unknown][] = []): Business {
  const business = api.emulator.state.orgBusinesses(1)[index];
  if (business === undefined) throw new Error(`no business at index ${index}`);
  business.categories = categories;
  api.emulator.state.businessAttributes.set(business.id, new Map(values));
  return business;
}

async function readAttributes(business: Business, query = ''): Promise<TestResponse<AttributesBody>> {
  return api.call<AttributesBody>('GET', `/business/${business.id}/attributes${query}`);
}

async function valueOf(business: Business, geoId: string): Promise<unknown> {
  const res = await readAttributes(business);
  return res.body.attributes.find((attribute) => attribute.geo_id === geoId)?.value;
}

async function writeAttributes(business: Business, attributes: unknown, as: 'ORG_ADMIN' | 'PUBLISHER' | { key: string } = 'ORG_ADMIN') {
  return api.call('POST', `/business/${business.id}/attributes`, { as, body: { attributes } });
}


describe('GET /business/{business_id}/attributes', () => {
  it('lists the attributes offered for the categories and country of the business, with current values or null', async () => {
    const business = prepareBusiness(20, ['gcid:pastry_shop'], [['has_wifi', true], ['wi_fi', 'free_wi_fi']]);
    const res = await readAttributes(business);
    expect(outcome(res)).toEqual({
      status: 200,
      body: {
        attributes: [
          { type: 'BOOL', geo_id: 'has_wheelchair_accessible_entrance', value: null },
          { type: 'BOOL', geo_id: 'has_wifi', value: true },
          { type: 'ENUM', geo_id: 'wi_fi', value: 'free_wi_fi' },
          { type: 'REPEATABLE_ENUM', geo_id: 'pay_credit_card_types_accepted', value: null },
          { type: 'URL', geo_id: 'url_menu', value: null },
          { type: 'URL', geo_id: 'url_order_ahead', value: null },
          { type: 'REPEATABLE_URL', geo_id: 'url_appointment', value: null },
        ],
      },
    });
  });

  it('takes the category and the country from the query', async () => {
    const business = prepareBusiness(21, ['gcid:pastry_shop']);
    const bakery = await readAttributes(business, '?category=gcid:bakery');
    expect(bakery.body.attributes.map((attribute) => attribute.geo_id)).toEqual([
      'has_wheelchair_accessible_entrance',
      'has_wifi',
      'has_seating_outdoors',
      'wi_fi',
      'pay_credit_card_types_accepted',
      'url_menu',
      'url_order_ahead',
      'url_appointment',
      'has_meal_vouchers',
    ]);
    const norway = await readAttributes(business, '?category=gcid:bakery&country=NO');
    const geoIds = norway.body.attributes.map((attribute) => attribute.geo_id);
    expect(geoIds).toContain('has_bike_parking');
    expect(geoIds).not.toContain('has_meal_vouchers');
  });

  it('refuses an invalid country and an unknown category', async () => {
    const business = prepareBusiness(22, ['gcid:bakery']);
    const res = await readAttributes(business, '?category=gcid:spaceport&country=F1');
    expect(outcome(res)).toEqual({
      status: 400,
      body: { errors: { json: { category: ['Unknown category.'], country: ['must be a two-letter country code'] } } },
    });
    // The spec: a two-letter ISO 3166 alpha-2 code, which is written in capitals.
    expect(await readAttributes(business, '?country=no')).toMatchObject({ status: 400, body: { errors: { json: { country: ['must be a two-letter country code'] } } } });
    const unknownRegion = await readAttributes(business, '?country=XX');
    expect(outcome(unknownRegion)).toEqual({
      status: 400,
      body: { errors: { json: { country: ['must be an ISO 3166 alpha-2 country code'] } } },
    });
  });

  it('answers 403 for a business of another organization', async () => {
    const other = api.emulator.state.orgBusinesses(2)[0];
    const res = await api.call('GET', `/business/${other?.id ?? ''}/attributes`);
    expect(outcome(res)).toEqual({ status: 403, body: FORBIDDEN });
  });
});

describe('POST /business/{business_id}/attributes', () => {
  it('changes only the attributes sent', async () => {
    const business = prepareBusiness(23, ['gcid:cafe'], [['has_wifi', true], ['wi_fi', 'free_wi_fi']]);
    const res = await writeAttributes(business, [
      { type: 'BOOL', geo_id: 'has_wifi', value: false },
      { type: 'URL', geo_id: 'url_menu', value: 'https://example.com/menu' },
    ]);
    expect(outcome(res)).toEqual({ status: 200, body: { status: 'success' } });
    expect(await valueOf(business, 'has_wifi')).toBe(false);
    expect(await valueOf(business, 'url_menu')).toBe('https://example.com/menu');
    expect(await valueOf(business, 'wi_fi')).toBe('free_wi_fi');
  });

  it('reports every wrong attribute by geo_id and applies nothing', async () => {
    const business = prepareBusiness(24, ['gcid:pastry_shop'], [['has_wifi', true]]);
    const res = await writeAttributes(business, [
      { type: 'BOOL', geo_id: 'has_wifi', value: false },
      { type: 'BOOL', geo_id: 'has_jacuzzi', value: true },
      { type: 'BOOL', geo_id: 'has_seating_outdoors', value: true },
      { type: 'BOOL', geo_id: 'has_wheelchair_accessible_entrance', value: 'yes' },
      { type: 'ENUM', geo_id: 'wi_fi', value: 3 },
      { type: 'URL', geo_id: 'url_menu', value: 'ftp://example.com/menu' },
      { type: 'URL', geo_id: 'url_order_ahead', value: 'not a url' },
      { type: 'REPEATABLE_ENUM', geo_id: 'pay_credit_card_types_accepted', value: ['visa'] },
    ]);
    expect(outcome(res)).toEqual({
      status: 400,
      body: {
        errors: {
          json: {
            has_jacuzzi: 'does not exist in DB',
            has_seating_outdoors: 'does not exist in DB',
            has_wheelchair_accessible_entrance: 'must be a bool',
            wi_fi: 'must be a string',
            url_menu: 'must be a valid url',
            url_order_ahead: 'must be a valid url',
            pay_credit_card_types_accepted: 'must contain set_values and unset_values',
          },
        },
      },
    });
    expect(await valueOf(business, 'has_wifi')).toBe(true);
  });

  it('refuses an attribute offered only in another country', async () => {
    const business = prepareBusiness(25, ['gcid:bakery']);
    const res = await writeAttributes(business, [{ type: 'BOOL', geo_id: 'has_bike_parking', value: true }]);
    expect(outcome(res)).toEqual({ status: 400, body: { errors: { json: { has_bike_parking: 'does not exist in DB' } } } });
  });

  it('refuses an ENUM value outside the allowed values and a type that does not match the definition', async () => {
    const business = prepareBusiness(26, ['gcid:bakery']);
    const res = await writeAttributes(business, [
      { type: 'ENUM', geo_id: 'wi_fi', value: 'fast_wi_fi' },
      { type: 'ENUM', geo_id: 'has_wifi', value: 'yes' },
    ]);
    expect(outcome(res)).toEqual({
      status: 400,
      body: { errors: { json: { wi_fi: 'must be one of free_wi_fi, paid_wi_fi, no_wi_fi', has_wifi: 'must be of type BOOL' } } },
    });
  });

  it('refuses REPEATABLE_URL writes', async () => {
    const business = prepareBusiness(27, ['gcid:bakery']);
    const res = await writeAttributes(business, [{ type: 'REPEATABLE_URL', geo_id: 'url_appointment', value: ['https://example.com/book'] }]);
    expect(outcome(res)).toEqual({
      status: 400,
      body: { errors: { json: { url_appointment: 'REPEATABLE_URL is no longer supported, use place action links' } } },
    });
  });

  it('adds set_values to the selection and removes unset_values, reading back the other allowed values as unset', async () => {
    const business = prepareBusiness(28, ['gcid:bakery']);
    const geoId = 'pay_credit_card_types_accepted';
    await writeAttributes(business, [{ type: 'REPEATABLE_ENUM', geo_id: geoId, value: { set_values: ['mastercard', 'visa'], unset_values: [] } }]);
    expect(await valueOf(business, geoId)).toEqual({ set_values: ['visa', 'mastercard'], unset_values: ['american_express', 'discover', 'jcb'] });
    await writeAttributes(business, [{ type: 'REPEATABLE_ENUM', geo_id: geoId, value: { set_values: ['jcb'], unset_values: ['visa'] } }]);
    const read = await valueOf(business, geoId);
    expect(read).toEqual({ set_values: ['mastercard', 'jcb'], unset_values: ['visa', 'american_express', 'discover'] });
    await writeAttributes(business, [{ type: 'REPEATABLE_ENUM', geo_id: geoId, value: read }]);
    expect(await valueOf(business, geoId)).toEqual(read);
  });

  it('refuses REPEATABLE_ENUM lists that are not lists, hold unknown values, or set and unset the same value', async () => {
    const business = prepareBusiness(29, ['gcid:bakery']);
    const geoId = 'pay_credit_card_types_accepted';
    const notList = await writeAttributes(business, [{ type: 'REPEATABLE_ENUM', geo_id: geoId, value: { set_values: 'visa', unset_values: [] } }]);
    expect(outcome(notList)).toEqual({ status: 400, body: { errors: { json: { [geoId]: 'must be a list' } } } });
    const stranger = await writeAttributes(business, [{ type: 'REPEATABLE_ENUM', geo_id: geoId, value: { set_values: ['cash'], unset_values: [] } }]);
    expect(outcome(stranger)).toEqual({
      status: 400,
      body: { errors: { json: { [geoId]: `values must be among ${CARDS.join(', ')}; got cash` } } },
    });
    const both = await writeAttributes(business, [{ type: 'REPEATABLE_ENUM', geo_id: geoId, value: { set_values: ['visa'], unset_values: ['visa'] } }]);
    expect(outcome(both)).toEqual({ status: 400, body: { errors: { json: { [geoId]: 'cannot both set and unset visa' } } } });
  });

  it('refuses a body without an attributes list', async () => {
    const business = prepareBusiness(30, ['gcid:bakery']);
    const res = await api.call('POST', `/business/${business.id}/attributes`, { body: { has_wifi: true } });
    expect(outcome(res)).toEqual({
      status: 400,
      body: { errors: { json: { attributes: ['Invalid input: expected array, received undefined'], has_wifi: ['Unknown field.'] } } },
    });
  });

  it('refuses a PUBLISHER and a restricted key without attributes_edit', async () => {
    const business = prepareBusiness(5, ['gcid:bakery']);
    const attribute = [{ type: 'BOOL', geo_id: 'has_wifi', value: true }];
    expect(outcome(await writeAttributes(business, attribute, 'PUBLISHER'))).toEqual({ status: 403, body: FORBIDDEN });
    expect(outcome(await writeAttributes(business, attribute, addRestrictedKey(api, ['business_read'])))).toEqual({ status: 403, body: FORBIDDEN });
    expect((await writeAttributes(business, attribute, addRestrictedKey(api, ['attributes_edit']))).status).toBe(200);
  });
});
