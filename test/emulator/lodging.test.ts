import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LODGING_CATALOG } from '../../src/emulator/seed/seed-catalogs.js';
import type { Business } from '../../src/emulator/state-types.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator, type TestResponse } from './start-test-emulator.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startTestEmulator();
});
afterAll(() => api.close());

const FORBIDDEN = { errors: { authorization: 'Operation not allowed' } };
const UNSET = {
  pets_allowed: null,
  wifi_in_rooms: null,
  number_of_rooms: null,
  check_in_time: null,
  star_rating: null,
  verified_accessibility: null,
};

function outcome(res: TestResponse): { status: number; body: unknown } {
  return { status: res.status, body: res.body };
}

function businessAt(index: number): Business {
  const business = api.emulator.state.orgBusinesses(1)[index];
  if (business === undefined) throw new Error(`no business at index ${index}`);
  return business;
}

async function writeLodging(business: Business, lodging: Record<string, unknown>, as: 'ORG_ADMIN' | 'PUBLISHER' | { key: string } = 'ORG_ADMIN') {
  return api.call('POST', `/business/${business.id}/lodging`, { as, body: { lodging } });
}


describe('GET /lodging/list', () => {
  it('lists the lodging attribute definitions with their read_only flag', async () => {
    const res = await api.call('GET', '/lodging/list', { as: 'PUBLISHER' });
    expect(outcome(res)).toEqual({ status: 200, body: { lodging: LODGING_CATALOG } });
    expect(LODGING_CATALOG.filter((definition) => definition.read_only).map((definition) => definition.id)).toEqual(['star_rating', 'verified_accessibility']);
  });
});

describe('GET /business/{business_id}/lodging', () => {
  it('lists every lodging attribute, null when unset', async () => {
    const res = await api.call('GET', `/business/${businessAt(0).id}/lodging`, { as: 'PUBLISHER' });
    expect(outcome(res)).toEqual({ status: 200, body: { lodging: UNSET } });
  });

  it('answers 404 for an unknown business', async () => {
    const res = await api.call('GET', '/business/000000000000000000000000/lodging');
    expect(outcome(res)).toEqual({ status: 404, body: { errors: { json: 'Resource not found' } } });
  });
});

describe('POST /business/{business_id}/lodging', () => {
  it('updates only the attributes sent', async () => {
    const business = businessAt(30);
    expect(outcome(await writeLodging(business, { pets_allowed: true, check_in_time: '15:00' }))).toEqual({
      status: 200,
      body: { status: 'success' },
    });
    await writeLodging(business, { number_of_rooms: 12, pets_allowed: false });
    const res = await api.call('GET', `/business/${business.id}/lodging`);
    expect(res.body).toEqual({ lodging: { ...UNSET, pets_allowed: false, number_of_rooms: 12, check_in_time: '15:00' } });
  });

  it('refuses read-only, unknown and wrongly typed attributes, applying nothing', async () => {
    const business = businessAt(31);
    const res = await writeLodging(business, {
      wifi_in_rooms: true,
      star_rating: 4,
      sauna: true,
      pets_allowed: 'yes',
      number_of_rooms: 12.5,
      check_in_time: null,
    });
    expect(outcome(res)).toEqual({
      status: 400,
      body: {
        errors: {
          json: {
            star_rating: 'read-only attribute',
            sauna: 'unknown lodging attribute',
            pets_allowed: 'must be a bool',
            number_of_rooms: 'must be an integer',
            check_in_time: 'must be a string',
          },
        },
      },
    });
    const read = await api.call('GET', `/business/${business.id}/lodging`);
    expect(read.body).toEqual({ lodging: UNSET });
  });

  it('refuses a body without a lodging object', async () => {
    const res = await api.call('POST', `/business/${businessAt(32).id}/lodging`, { body: { lodging: [true] } });
    expect(outcome(res)).toEqual({
      status: 400,
      body: { errors: { json: { lodging: ['Invalid input: expected record, received array'] } } },
    });
  });

  it('refuses a PUBLISHER and a restricted key without lodging_edit', async () => {
    const business = businessAt(4);
    expect(outcome(await writeLodging(business, { pets_allowed: true }, 'PUBLISHER'))).toEqual({ status: 403, body: FORBIDDEN });
    expect(outcome(await writeLodging(business, { pets_allowed: true }, addRestrictedKey(api, ['business_read'])))).toEqual({
      status: 403,
      body: FORBIDDEN,
    });
    expect((await writeLodging(business, { pets_allowed: true }, addRestrictedKey(api, ['lodging_edit']))).status).toBe(200);
  });
});
