import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../src/emulator/state-types.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

const DAY_MS = 86_400_000;
/** 2026-01-10 12:00 UTC; tests move the clock, so each restores it. */
const START = Date.UTC(2026, 0, 10, 12);
const NOT_AUTHENTICATED = { status: 401, body: { errors: { authentication: 'User not authenticated' } } };

describe('authentication (x-APIKey)', () => {
  let api: TestEmulator;
  let clock = START;
  let business: Business;
  beforeAll(async () => {
    api = await startTestEmulator({ now: () => clock });
    const first = api.emulator.state.orgBusinesses(1)[0];
    if (first === undefined) throw new Error('seed has no business');
    business = first;
  });
  afterAll(() => api.close());

  /** Creates a key for the seeded ORG_ADMIN and returns its secret. */
  const createKey = async (body: object): Promise<string> => {
    const res = await api.call<{ api_key: string }>('POST', '/api_keys', { body });
    if (res.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(res.body)}`);
    return res.body.api_key;
  };
  const search = (key: string) => api.call('GET', '/business/search', { as: { key } });

  it('answers 401 without the header', async () => {
    expect(await api.call('GET', '/business/search', { as: null })).toMatchObject(NOT_AUTHENTICATED);
  });

  it('answers 401 for an unknown key', async () => {
    expect(await search('lbk_0000000000000000000000000000000000000000')).toMatchObject(NOT_AUTHENTICATED);
  });

  it('reads the header name case-insensitively', async () => {
    for (const name of ['x-apikey', 'X-APIKEY']) {
      const res = await api.call('GET', '/business/search', { as: null, headers: { [name]: api.emulator.keys.ORG_ADMIN } });
      expect(res.status).toBe(200);
    }
  });

  it('answers 401 for a revoked key', async () => {
    const res = await api.call<{ id: number; api_key: string }>('POST', '/api_keys', { body: {} });
    expect((await search(res.body.api_key)).status).toBe(200);
    expect((await api.call('PUT', `/api_keys/${res.body.id}`, { body: { disabled: true } })).status).toBe(200);
    expect(await search(res.body.api_key)).toMatchObject(NOT_AUTHENTICATED);
  });

  it('answers 401 from the expiration date on', async () => {
    const key = await createKey({ expiration_date: '2026-01-11' });
    try {
      expect((await search(key)).status).toBe(200);
      clock = Date.UTC(2026, 0, 10, 23, 59, 59);
      expect((await search(key)).status).toBe(200);
      clock = Date.UTC(2026, 0, 11);
      expect(await search(key)).toMatchObject(NOT_AUTHENTICATED);
      clock = START + 2 * DAY_MS;
      expect(await search(key)).toMatchObject(NOT_AUTHENTICATED);
    } finally {
      clock = START;
    }
  });

  it('records when a key was last used', async () => {
    const res = await api.call<{ id: number; api_key: string; last_used_at: string | null }>('POST', '/api_keys', { body: {} });
    expect(res.body.last_used_at).toBeNull();
    await search(res.body.api_key);
    expect(api.emulator.state.keysById.get(res.body.id)?.last_used_at).toBe('2026-01-10 12:00:00.000000+00');
  });

  describe('ip_whitelist (the test server calls from 127.0.0.1)', () => {
    it.each([
      ['a single other IPv4 address', ['10.1.2.3']],
      ['an IPv4 network without the caller', ['10.0.0.0/8']],
      ['an IPv6 address', ['::1']],
    ])('answers 401 for %s', async (_case, ipWhitelist) => {
      expect(await search(await createKey({ ip_whitelist: ipWhitelist }))).toMatchObject(NOT_AUTHENTICATED);
    });

    it.each([
      ['the caller\'s address', ['10.1.2.3', '127.0.0.1']],
      ['an IPv4 network holding the caller', ['127.0.0.0/8']],
      ['an IPv4-mapped IPv6 network holding the caller', ['::ffff:127.0.0.0/104']],
      ['an empty list (no restriction)', []],
    ])('accepts %s', async (_case, ipWhitelist) => {
      expect((await search(await createKey({ ip_whitelist: ipWhitelist }))).status).toBe(200);
    });

    it('applies a whitelist set later through PUT', async () => {
      const res = await api.call<{ id: number; api_key: string }>('POST', '/api_keys', { body: {} });
      await api.call('PUT', `/api_keys/${res.body.id}`, { body: { ip_whitelist: ['192.0.2.0/24'] } });
      expect(await search(res.body.api_key)).toMatchObject(NOT_AUTHENTICATED);
    });
  });

  describe('restricted permissions', () => {
    it('limits a key to the listed permissions', async () => {
      const key = await createKey({ has_restricted_permissions: true, permissions: ['business_read'] });
      expect((await search(key)).status).toBe(200);
      expect(await api.call('POST', `/business/${business.id}`, { as: { key }, body: { city: 'Lyon' } })).toMatchObject({
        status: 403,
        body: { errors: { authorization: 'Operation not allowed' } },
      });
    });

    it('refuses the name without business_edit_name, and takes the other fields', async () => {
      const key = await createKey({ has_restricted_permissions: true, permissions: ['business_edit'] });
      expect(await api.call('POST', `/business/${business.id}`, { as: { key }, body: { name: 'Renamed' } })).toMatchObject({
        status: 403,
        body: { errors: { authorization: { name: 'edit_not_allowed' } } },
      });
      expect(await api.call('POST', `/business/${business.id}`, { as: { key }, body: { city: 'Lyon' } })).toMatchObject({
        status: 200,
        body: { status: 'success', id: business.id },
      });
    });

    it('gives an unrestricted key every permission of its user, whatever it lists', async () => {
      const key = await createKey({ has_restricted_permissions: false, permissions: ['business_read'] });
      expect((await api.call('POST', `/business/${business.id}`, { as: { key }, body: { name: 'Renamed' } })).status).toBe(200);
    });
  });
});
