import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/api/facts/service-facts.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startTestEmulator({ businesses: 10, feedback: 0 });
});
afterAll(() => api.close());

const NOT_AUTHORIZED = { status: 403, body: { errors: { authorization: 'Operation not allowed' } } };
const NOT_FOUND = { status: 404, body: { errors: { json: 'Resource not found' } } };
const NOT_A_BODY = { unexpected: true };

function firstBusinessId(): string {
  const business = api.emulator.state.orgBusinesses(1)[0];
  if (business === undefined) throw new Error('the seed has no business in organization 1');
  return business.id;
}

async function answer(method: string, path: string, as: Role | { key: string } = 'ORG_ADMIN', body: unknown = NOT_A_BODY) {
  const res = await api.call(method, path, { as, body });
  return { status: res.status, body: res.body };
}

// A body that does not fit is answered only once the caller may act on what the path addresses.
describe('a refusal or a missing target wins over an invalid body', () => {
  it.each(['attributes', 'lodging', 'structured_services'])('POST /business/{id}/%s', async (resource) => {
    expect(await answer('POST', `/business/none/${resource}`)).toEqual(NOT_FOUND);
    expect(await answer('POST', `/business/${firstBusinessId()}/${resource}`, 'PUBLISHER')).toEqual(NOT_AUTHORIZED);
  });

  it('POST /business/{id}: the business, then the fields the key may not push', async () => {
    expect(await answer('POST', '/business/none')).toEqual(NOT_FOUND);
    expect(await answer('POST', `/business/${firstBusinessId()}`, 'PUBLISHER')).toEqual(NOT_AUTHORIZED);
    const key = addRestrictedKey(api, ['business_edit']);
    expect(await answer('POST', `/business/${firstBusinessId()}`, key, { name: 'x', unexpected: true })).toEqual({
      status: 403,
      body: { errors: { authorization: { name: 'edit_not_allowed' } } },
    });
  });

  it('POST /org/{id}: the role, the organization, then max_businesses', async () => {
    expect(await answer('POST', '/org/1', 'ORG_MANAGER')).toEqual(NOT_AUTHORIZED);
    expect(await answer('POST', '/org/999', 'PROVIDER')).toEqual(NOT_FOUND);
    expect(await answer('POST', '/org/1', 'ORG_ADMIN', { max_businesses: 3, unexpected: true })).toEqual(NOT_AUTHORIZED);
  });

  it('webhooks: the role, the organization, then the webhook', async () => {
    expect(await answer('POST', '/webhooks', 'ORG_MANAGER')).toEqual(NOT_AUTHORIZED);
    expect(await answer('POST', '/webhooks', 'PROVIDER')).toEqual({ status: 400, body: { errors: { json: { org_id: ['Required for PROVIDER users.'] } } } });
    expect(await answer('PATCH', '/webhooks/1', 'ORG_MANAGER')).toEqual(NOT_AUTHORIZED);
    expect(await answer('PATCH', '/webhooks/999999')).toEqual(NOT_FOUND);
  });

  it('POST /custom_fields/order: the role, then the organization', async () => {
    expect(await answer('POST', '/custom_fields/order', 'ORG_MANAGER')).toEqual(NOT_AUTHORIZED);
    expect(await answer('POST', '/custom_fields/order?org_id=2')).toEqual(NOT_AUTHORIZED);
  });
});

describe('an invalid body is answered with every issue', () => {
  it.each(['attributes', 'lodging', 'structured_services'])('POST /business/{id}/%s', async (resource) => {
    const res = await answer('POST', `/business/${firstBusinessId()}/${resource}`);
    expect(res).toMatchObject({ status: 400, body: { errors: { json: { unexpected: ['Unknown field.'] } } } });
  });
});
