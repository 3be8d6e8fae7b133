import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business, ServiceItem } from '../../src/emulator/state-types.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator, type TestResponse } from './start-test-emulator.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startTestEmulator();
});
afterAll(() => api.close());

const FORBIDDEN = { errors: { authorization: 'Operation not allowed' } };

function outcome(res: TestResponse): { status: number; body: unknown } {
  return { status: res.status, body: res.body };
}

/** A business of the first organization with the given categories and no services, so expectations are exact. */
function prepareBusiness(index: number, categories: string[]): Business {
  const business = api.emulator.state.orgBusinesses(1)[index];
  if (business === undefined) throw new Error(`no business at index ${index}`);
  business.categories = categories;
  api.emulator.state.businessServices.set(business.id, []);
  return business;
}

function item(serviceId: number, category: string, price: number | null, description: string): ServiceItem {
  const definition = api.emulator.state.serviceCatalog.get(serviceId);
  if (definition === undefined) throw new Error(`no service ${serviceId}`);
  return { service_id: serviceId, type: definition.type, name: definition.name, price, description, category_geo_name: category };
}


describe('GET /business/{business_id}/services', () => {
  it('returns the services of the business', async () => {
    const business = api.emulator.state.orgBusinesses(1)[0];
    const res = await api.call('GET', `/business/${business?.id ?? ''}/services`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ services: api.emulator.state.businessServices.get(business?.id ?? '') });
  });

  it('addresses a business by store code', async () => {
    const business = api.emulator.state.orgBusinesses(1)[1];
    const res = await api.call('GET', `/business/c-${business?.code ?? ''}/services`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ services: api.emulator.state.businessServices.get(business?.id ?? '') });
  });

  it('lets a PUBLISHER read a business granted to it', async () => {
    const business = api.emulator.state.orgBusinesses(1)[2];
    const res = await api.call('GET', `/business/${business?.id ?? ''}/services`, { as: 'PUBLISHER' });
    expect(res.status).toBe(200);
  });

  it('answers 404 for an unknown business and 403 for a business of another organization', async () => {
    const unknown = await api.call('GET', '/business/000000000000000000000000/services');
    expect(outcome(unknown)).toEqual({ status: 404, body: { errors: { json: 'Resource not found' } } });
    const other = api.emulator.state.orgBusinesses(2)[0];
    const foreign = await api.call('GET', `/business/${other?.id ?? ''}/services`);
    expect(outcome(foreign)).toEqual({ status: 403, body: FORBIDDEN });
  });
});

describe('POST /business/{business_id}/structured_services', () => {
  it('sets a structured service for every category of the business that offers it', async () => {
    const business = prepareBusiness(10, ['gcid:bakery', 'gcid:cafe', 'gcid:pastry_shop']);
    const res = await api.call('POST', `/business/${business.id}/structured_services`, {
      body: { service_id: 101, price: 45, description: 'Wedding cakes' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      services: [item(101, 'gcid:bakery', 45, 'Wedding cakes'), item(101, 'gcid:pastry_shop', 45, 'Wedding cakes')],
    });
  });

  it('updates the items of a service in place instead of adding new ones, keeping omitted fields', async () => {
    const business = prepareBusiness(11, ['gcid:bakery', 'gcid:pastry_shop']);
    await api.call('POST', `/business/${business.id}/structured_services`, { body: { service_id: 101, price: 45, description: 'Wedding cakes' } });
    const res = await api.call('POST', `/business/${business.id}/structured_services`, { body: { service_id: 101, price: 50 } });
    expect(res.body).toEqual({
      services: [item(101, 'gcid:bakery', 50, 'Wedding cakes'), item(101, 'gcid:pastry_shop', 50, 'Wedding cakes')],
    });
  });

  it('sets a free-form service for the first category of the business that offers it only', async () => {
    const business = prepareBusiness(12, ['gcid:bakery', 'gcid:cafe', 'gcid:pastry_shop']);
    api.emulator.state.serviceCatalog.set(901, {
      service_id: 901,
      name: 'Tasting workshop',
      type: 'FREE_FORM_SERVICE_ITEM',
      categories: ['gcid:pastry_shop', 'gcid:cafe'],
    });
    const res = await api.call('POST', `/business/${business.id}/structured_services`, { body: { service_id: 901 } });
    expect(res.body).toEqual({ services: [item(901, 'gcid:cafe', null, '')] });
  });

  it('refuses a list: the spec documents one object per request', async () => {
    const business = prepareBusiness(13, ['gcid:cafe', 'gcid:sandwich_shop']);
    const res = await api.call('POST', `/business/${business.id}/structured_services`, {
      body: [{ service_id: 103, price: 12, description: 'Office lunches' }],
    });
    expect(outcome(res)).toEqual({ status: 400, body: { errors: { json: { _schema: ['Invalid input: expected object, received array'] } } } });
    expect(api.emulator.state.businessServices.get(business.id)).toEqual([]);
  });

  it('refuses an invalid item with details keyed by field', async () => {
    const business = prepareBusiness(14, ['gcid:bakery']);
    const res = await api.call('POST', `/business/${business.id}/structured_services`, {
      body: { service_id: 'cakes', price: -1, description: 'x'.repeat(301), color: 'red' },
    });
    expect(outcome(res)).toEqual({
      status: 400,
      body: {
        errors: {
          json: {
            service_id: ['must be an integer'],
            price: ['must be at least 0'],
            description: ['must be at most 300 characters'],
            color: ['Unknown field.'],
          },
        },
      },
    });
  });

  it('refuses a null price: the contract types it as a number', async () => {
    const business = prepareBusiness(14, ['gcid:bakery']);
    const res = await api.call('POST', `/business/${business.id}/structured_services`, { body: { service_id: 101, price: null } });
    expect(outcome(res)).toEqual({ status: 400, body: { errors: { json: { price: ['must be a number'] } } } });
  });

  it('refuses an unknown service', async () => {
    const business = prepareBusiness(17, ['gcid:bakery']);
    const res = await api.call('POST', `/business/${business.id}/structured_services`, { body: { service_id: 999 } });
    expect(outcome(res)).toEqual({ status: 400, body: { errors: { json: { service_id: ['Unknown service.'] } } } });
    expect(api.emulator.state.businessServices.get(business.id)).toEqual([]);
  });

  it('refuses a service that no category of the business offers', async () => {
    const business = prepareBusiness(18, ['gcid:bakery']);
    const res = await api.call('POST', `/business/${business.id}/structured_services`, { body: { service_id: 201 } });
    expect(outcome(res)).toEqual({
      status: 400,
      body: {
        errors: {
          json: { service_id: ['Service 201 (Ski waxing) is not available for the categories of this business (gcid:bakery).'] },
        },
      },
    });
  });

  it('refuses a PUBLISHER and a caller with READ access only', async () => {
    const published = api.emulator.state.orgBusinesses(1)[3];
    const publisher = await api.call('POST', `/business/${published?.id ?? ''}/structured_services`, {
      as: 'PUBLISHER',
      body: { service_id: 102 },
    });
    expect(outcome(publisher)).toEqual({ status: 403, body: FORBIDDEN });
    const readOnly = api.emulator.state.orgBusinesses(1)[6];
    const manager = await api.call('POST', `/business/${readOnly?.id ?? ''}/structured_services`, {
      as: 'BUSINESS_MANAGER',
      body: { service_id: 102 },
    });
    expect(outcome(manager)).toEqual({ status: 403, body: FORBIDDEN });
  });

  it('needs the services_edit permission on a restricted key', async () => {
    const business = prepareBusiness(19, ['gcid:bakery']);
    const refused = await api.call('POST', `/business/${business.id}/structured_services`, {
      as: addRestrictedKey(api, ['business_read']),
      body: { service_id: 102 },
    });
    expect(outcome(refused)).toEqual({ status: 403, body: FORBIDDEN });
    const allowed = await api.call('POST', `/business/${business.id}/structured_services`, {
      as: addRestrictedKey(api, ['services_edit']),
      body: { service_id: 102 },
    });
    expect(allowed.status).toBe(200);
  });
});
