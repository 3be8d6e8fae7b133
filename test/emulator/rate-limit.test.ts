import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

describe('rate limit per organization', () => {
  let api: TestEmulator;
  let clock = Date.UTC(2026, 10, 2, 9);
  beforeAll(async () => {
    api = await startTestEmulator({ ratePerMinute: 60, now: () => clock });
  });
  afterAll(() => api.close());

  it('answers 429 with Retry-After after 60 requests of one organization, not affecting another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Errors count too: every other request asks for a business that does not exist.
      const path = i % 2 === 0 ? '/business/search?per_page=1' : '/business/nope/services';
      statuses.push((await api.call('GET', path)).status);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const limited = await api.call('GET', '/business/search?per_page=1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body).toEqual({ errors: { rate_limit: expect.any(String) as unknown } });

    const otherOrg = await api.call('GET', '/business/search?per_page=1&org_id=2', { as: 'PROVIDER' });
    expect(otherOrg.status).toBe(200);

    clock += 30_000;
    expect((await api.call('GET', '/business/search?per_page=1')).headers.get('retry-after')).toBe('30');
    clock += 30_001;
    expect((await api.call('GET', '/business/search?per_page=1')).status).toBe(200);
  });

  it('charges a PROVIDER request to the organization of the business it addresses', async () => {
    const secondOrgBusiness = api.emulator.state.orgBusinesses(2)[0];
    expect(secondOrgBusiness).toBeDefined();
    clock += 120_000;
    for (let i = 0; i < 60; i++) await api.call('GET', `/business/${secondOrgBusiness?.id ?? ''}/services`, { as: 'PROVIDER' });
    expect((await api.call('GET', '/business/search?org_id=2', { as: 'PROVIDER' })).status).toBe(429);
    expect((await api.call('GET', '/business/search?per_page=1')).status).toBe(200);
  });
});
