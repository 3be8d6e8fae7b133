import { setupServer } from 'msw/node';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { createEmulator } from '../../src/emulator/emulator.js';
import { createEmulatorHandlers } from '../emulator/msw-handlers.js';

const BASE = 'https://api.emulator.test/v2';

/** Every endpoint the jobs use, through the production client, against the emulator's msw handlers. */
describe('response schemas parse the emulator answers', () => {
  const emulator = createEmulator({ businesses: 30, feedback: 60, ratePerMinute: 100_000 });
  const server = setupServer(...createEmulatorHandlers(emulator, BASE));
  const client = createApiClient({ baseUrl: BASE, apiKey: emulator.keys.ORG_ADMIN, ratePerMinute: 60_000 });
  const api = client.org(1);
  const business = emulator.state.orgBusinesses(1)[0];
  const businessId = business?.id ?? '';

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(async () => {
    server.close();
    await client.close();
  });

  it('business update, by id and by store code', async () => {
    expect(await api.updateBusiness(businessId, { description_short: 'Fresh bread daily' })).toEqual({ status: 'success', id: businessId });
    expect(await api.updateBusiness(`c-${business?.code ?? ''}`, { city: 'Lyon' })).toEqual({ status: 'success', id: businessId });
    expect(business).toMatchObject({ description_short: 'Fresh bread daily', city: 'Lyon' });
  });

  it('user businesses and business search', async () => {
    const mine = await api.listUserBusinesses(emulator.users.ORG_ADMIN, { page: 2, per_page: 5 });
    expect(mine).toMatchObject({ page: 2, count: 24, max_page: 5 });
    expect(mine.businesses).toHaveLength(5);
    const found = await api.searchBusinesses({ business__in: [businessId] });
    expect(found.businesses.map((item) => item.id)).toEqual([businessId]);
  });

  it('services read and set', async () => {
    const service = (await api.readServices(businessId)).services.items[0] ?? { service_id: 101 };
    const set = await api.setService(businessId, { service_id: service.service_id, price: 12.5, description: 'Made to order' });
    expect(set.services.items.find((item) => item.service_id === service.service_id)).toMatchObject({ price: 12.5, description: 'Made to order' });
  });

  it('attributes read and set', async () => {
    expect((await api.setAttributes(businessId, [{ type: 'BOOL', geo_id: 'has_wifi', value: true }])).status).toBe('success');
    const { attributes } = await api.readAttributes(businessId);
    expect(attributes.items.find((attribute) => attribute.geo_id === 'has_wifi')).toEqual({ type: 'BOOL', geo_id: 'has_wifi', value: true });
  });

  it('custom fields read and order', async () => {
    const [field] = (await api.readCustomFields()).custom_fields;
    assert(field?.section_id != null, 'the seed has custom fields in sections');
    const order = { orders: [{ id: field.id, order: 99, section_id: field.section_id }] };
    expect(await api.orderCustomFields(order)).toEqual({ status: 'success' });
  });

  it('feedback results', async () => {
    const page = await api.searchFeedbackResults({ states: ['treated', 'not_treated'], npsMin: 0 });
    expect(page).toMatchObject({ page: 1 });
    expect(page.items.length).toBeLessThanOrEqual(30);
  });

  it('message templates and geo locations', async () => {
    expect((await api.listMessageTemplates()).items.map((template) => template.org_id)).toEqual([1, 1, 1]);
    const locations = await api.searchGeoLocations({ notConnected: false });
    expect(locations.locations.length).toBeGreaterThan(0);
  });

  it('counts every call', () => {
    expect(client.readCounters().total).toMatchObject({ succeeded: 13, failed: 0, sent: 13, inFlight: 0 });
  });
});
