import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/api/facts/service-facts.js';
import type { GeoLocation } from '../../src/emulator/state-types.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

interface LocationPage {
  locations: { id: string }[];
  page: number;
  max_page: number;
  count: number;
}

const SEARCH = '/geo-oauth-accounts/locations/search';

describe('GET /geo-oauth-accounts/locations/search', () => {
  let api: TestEmulator;
  let locations: GeoLocation[];
  beforeAll(async () => {
    api = await startTestEmulator();
    locations = api.emulator.state.geoLocations;
    // One location with a distinct marker in each searchable field.
    locations.push({
      id: 'loc_markers',
      org_id: 1,
      oauth_account_id: 'oauth_1',
      location_name: 'Name-Marker shop',
      store_code: 'CODE-MARKER',
      region_code: 'FR',
      postal_code: 'ZIP-MARKER',
      address_details: '1 Address-Marker street',
      locality: 'Town-Marker',
      place_id: 'ChIJmarkers',
      google_verifications: { status: 'verified', checked_at: '2025-06-01T00:00:00.000000+00:00' },
      phone_numbers: '',
      business_id: null,
    });
  });
  afterAll(() => api.close());

  /** Ids of every page of a search, in the order served. */
  const searchIds = async (query: string, as: Role = 'ORG_ADMIN'): Promise<string[]> => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call<LocationPage>('GET', `${SEARCH}?${query}&page=${page}`, { as });
      expect(res.status).toBe(200);
      ids.push(...res.body.locations.map((location) => location.id));
      if (page >= res.body.max_page) return ids;
    }
  };
  const idsWhere = (keep: (location: GeoLocation) => boolean): string[] => locations.filter(keep).map((location) => location.id);
  const inOrgOne = (keep: (location: GeoLocation) => boolean = () => true) => idsWhere((location) => location.org_id === 1 && keep(location));

  it("pages the organization's locations 20 at a time, in the spec's fields only", async () => {
    const expected = inOrgOne();
    const first = await api.call<LocationPage>('GET', SEARCH);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, max_page: Math.ceil(expected.length / 20), count: expected.length });
    expect(first.body.locations).toHaveLength(20);
    const location = locations.find((candidate) => candidate.id === first.body.locations[0]?.id);
    expect(first.body.locations[0]).toEqual({
      id: location?.id,
      location_name: location?.location_name,
      store_code: location?.store_code,
      region_code: location?.region_code,
      postal_code: location?.postal_code,
      address_details: location?.address_details,
      locality: location?.locality,
      place_id: location?.place_id,
      google_verifications: location?.google_verifications,
      phone_numbers: location?.phone_numbers,
    });
    expect((await api.call<LocationPage>('GET', `${SEARCH}?page=0`)).body).toEqual(first.body);
    expect(await searchIds('')).toEqual(expected);
  });

  it('matches query against locality, postal code, name, address and store code, in any case', async () => {
    for (const text of ['town-marker', 'zip-MARKER', 'NAME-marker', 'address-marker', 'code-marker']) {
      expect(await searchIds(`query=${text}`)).toEqual(['loc_markers']);
    }
    expect(await searchIds('query=phone-marker')).toEqual([]);
  });

  it('filters by location id, OAuth account, connection and verification status', async () => {
    const [a, b] = inOrgOne();
    expect(await searchIds(`location_id=${a ?? ''},${b ?? ''}`)).toEqual([a, b]);
    expect(await searchIds('oauth_account_id=oauth_1')).toEqual(inOrgOne());
    expect(await searchIds('not_connected=true')).toEqual(inOrgOne((location) => location.business_id === null));
    expect(await searchIds('not_connected=false')).toEqual(inOrgOne((location) => location.business_id !== null));
    expect(await searchIds('verification_status=unverified')).toEqual(
      inOrgOne((location) => location.google_verifications.status === 'unverified'),
    );
  });

  it('answers not found for an OAuth account the organization does not have', async () => {
    for (const account of ['oauth_unknown', 'oauth_2']) {
      expect(await api.call('GET', `${SEARCH}?oauth_account_id=${account}`)).toMatchObject({
        status: 404,
        body: { errors: { json: 'Resource not found' } },
      });
    }
    expect((await api.call('GET', `${SEARCH}?oauth_account_id=oauth_2`, { as: 'PROVIDER' })).status).toBe(200);
  });

  it('shows a partial-access role only the locations of businesses it can read', async () => {
    const publisher = api.emulator.state.users.get(api.emulator.users.PUBLISHER);
    const readable = new Set(publisher?.businessAccess.keys());
    const expected = idsWhere((location) => location.business_id !== null && readable.has(location.business_id));
    expect(expected.length).toBeGreaterThan(0);
    expect(await searchIds('', 'PUBLISHER')).toEqual(expected);
    expect(await searchIds('not_connected=true', 'PUBLISHER')).toEqual([]);
  });

  it('lets a PROVIDER search every organization or name one; others only their own', async () => {
    expect(await searchIds('', 'PROVIDER')).toEqual(idsWhere(() => true));
    expect(await searchIds('org_id=2', 'PROVIDER')).toEqual(idsWhere((location) => location.org_id === 2));
    expect(await api.call('GET', `${SEARCH}?org_id=2`)).toMatchObject({ status: 403, body: { errors: { authorization: 'Operation not allowed' } } });
    expect((await api.call('GET', `${SEARCH}?org_id=7`, { as: 'PROVIDER' })).status).toBe(404);
  });

  it('reports malformed parameters in errors.json', async () => {
    const res = await api.call('GET', `${SEARCH}?not_connected=maybe&page=two`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { json: { not_connected: ['Must be true or false.'], page: ['Not a valid integer.'] } } });
  });

  it('needs the geo_read permission on a restricted key', async () => {
    expect((await api.call('GET', SEARCH, { as: addRestrictedKey(api, ['business_read']) })).status).toBe(403);
    expect((await api.call('GET', SEARCH, { as: addRestrictedKey(api, ['geo_read']) })).status).toBe(200);
  });
});
