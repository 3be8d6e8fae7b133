import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

interface ListBody {
  page: number;
  max_page: number;
  count: number;
  businesses: { id: string; org_id: number; code: string; status: string; city: string; country: string }[];
}

describe('business listings', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 250 });
  });
  afterAll(() => api.close());

  it('pages a user’s businesses, treating a page below 1 as 1', async () => {
    const user = api.emulator.users.ORG_ADMIN;
    const first = await api.call<ListBody>('GET', `/user/${user}/businesses?per_page=100`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, max_page: 2, count: 200 });
    expect(first.body.businesses).toHaveLength(100);
    const zero = await api.call<ListBody>('GET', `/user/${user}/businesses?per_page=100&page=0`);
    expect(zero.body.page).toBe(1);
    expect(zero.body.businesses[0]?.id).toBe(first.body.businesses[0]?.id);
    const second = await api.call<ListBody>('GET', `/user/${user}/businesses?per_page=100&page=2`);
    expect(second.body.businesses).toHaveLength(100);
    expect(second.body.businesses[0]?.id).not.toBe(first.body.businesses[0]?.id);
  });

  it('refuses per_page outside 1 to 100', async () => {
    const user = api.emulator.users.ORG_ADMIN;
    for (const perPage of ['0', '101', 'ten']) {
      const res = await api.call('GET', `/user/${user}/businesses?per_page=${perPage}`);
      expect(res).toMatchObject({ status: 400, body: { errors: { json: { per_page: ['Must be an integer between 1 and 100.'] } } } });
    }
  });

  it('lists only what the user can read', async () => {
    const manager = api.emulator.users.BUSINESS_MANAGER;
    const res = await api.call<ListBody>('GET', `/user/${manager}/businesses`, { as: 'BUSINESS_MANAGER' });
    expect(res.body.count).toBe(8);
    const group = await api.call<ListBody>('GET', `/user/${api.emulator.users.GROUP_MANAGER}/businesses?per_page=100`, { as: 'GROUP_MANAGER' });
    expect(group.body.count).toBeGreaterThan(0);
    expect(group.body.count).toBeLessThan(200);
  });

  it('shows a user’s businesses to that user, its org admin and the provider only', async () => {
    const manager = api.emulator.users.BUSINESS_MANAGER;
    expect((await api.call('GET', `/user/${manager}/businesses`, { as: 'ORG_ADMIN' })).status).toBe(200);
    expect((await api.call('GET', `/user/${manager}/businesses`, { as: 'PROVIDER' })).status).toBe(200);
    expect((await api.call('GET', `/user/${manager}/businesses`, { as: 'PUBLISHER' })).status).toBe(403);
    expect((await api.call('GET', '/user/usr_nobody/businesses')).status).toBe(404);
  });

  it('searches with the documented filters', async () => {
    const all = await api.call<ListBody>('GET', '/business/search?per_page=100');
    expect(all.body).toMatchObject({ count: 200, max_page: 2 });
    const sample = all.body.businesses.slice(0, 3);
    const byIds = await api.call<ListBody>('GET', `/business/search?business__in=${sample.map((b) => b.id).join(',')}`);
    expect(byIds.body.businesses.map((b) => b.id)).toEqual(sample.map((b) => b.id));
    const byCodes = await api.call<ListBody>('GET', `/business/search?code=${sample.map((b) => b.code).join(',')}`);
    expect(byCodes.body.count).toBe(3);
    const closed = await api.call<ListBody>('GET', '/business/search?status=closed,temporarily_closed&per_page=100');
    expect(closed.body.businesses.every((b) => ['closed', 'temporarily_closed'].includes(b.status))).toBe(true);
    const nice = await api.call<ListBody>('GET', '/business/search?city=nice&per_page=100');
    expect(nice.body.count).toBeGreaterThan(0);
    expect(nice.body.businesses.every((b) => b.city === 'Nice')).toBe(true);
    const fuzzy = await api.call<ListBody>('GET', '/business/search?query=06000&per_page=100');
    expect(fuzzy.body.count).toBe(nice.body.count);
    expect((await api.call<ListBody>('GET', '/business/search?modified__gte=9999999999')).body.count).toBe(0);
    expect((await api.call('GET', '/business/search?status=gone')).status).toBe(400);
  });

  // Public facts: `country` is ISO 3166 alpha-2, which writes codes in capitals; a service may match it as sent.
  it('searches by a country code in capitals only, refusing one that is not ISO 3166 alpha-2', async () => {
    const french = await api.call<ListBody>('GET', '/business/search?country=FR&per_page=100');
    expect(french.body.count).toBeGreaterThan(0);
    expect(french.body.businesses.every((b) => b.country === 'FR')).toBe(true);
    for (const [country, message] of [
      ['fr', 'must be a two-letter country code'],
      ['France', 'must be a two-letter country code'],
      ['XX', 'must be an ISO 3166 alpha-2 country code'],
    ]) {
      expect(await api.call('GET', `/business/search?country=${country}`)).toMatchObject({ status: 400, body: { errors: { json: { country: [message] } } } });
    }
  });

  it('reads modified__gte as epoch seconds or ISO 8601, UTC without an offset whatever the host zone, and refuses other text', async () => {
    const [business] = api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('seed has no business');
    business.modified = Date.UTC(2025, 5, 1, 10) / 1000;
    const found = async (since: string) => (await api.call<ListBody>('GET', `/business/search?business__in=${business.id}&modified__gte=${since}`)).body.count;
    const zone = process.env.TZ;
    // A host east of UTC would read 10:00:01 without an offset as 08:00:01Z.
    process.env.TZ = 'Europe/Paris';
    try {
      expect(await found('2025-06-01T10:00:00')).toBe(1);
      expect(await found('2025-06-01T10:00:01')).toBe(0);
      expect(await found('2025-06-01T12:00:00%2B02:00')).toBe(1);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(await api.call('GET', '/business/search?modified__gte=June%201%202025')).toMatchObject({
      status: 400,
      body: { errors: { json: { modified__gte: ['Must be epoch seconds or an ISO 8601 timestamp.'] } } },
    });
  });

  it('lets only a PROVIDER address another organization with org_id', async () => {
    const other = await api.call<ListBody>('GET', '/business/search?org_id=2&per_page=100', { as: 'PROVIDER' });
    expect(other.body.count).toBe(50);
    expect(other.body.businesses.every((b) => b.org_id === 2)).toBe(true);
    expect((await api.call('GET', '/business/search?org_id=2')).status).toBe(403);
    expect((await api.call('GET', '/business/search?org_id=1')).status).toBe(200);
    expect((await api.call('GET', '/business/search?org_id=99', { as: 'PROVIDER' })).status).toBe(404);
  });
});
