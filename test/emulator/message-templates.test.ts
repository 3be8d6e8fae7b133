import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

describe('GET /messaging/templates', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator();
  });
  afterAll(() => api.close());

  const templatesOf = (orgId: number) => api.emulator.state.messageTemplates.filter((template) => template.org_id === orgId);

  it("lists the templates of the caller's organization in the spec's shape", async () => {
    const res = await api.call('GET', '/messaging/templates', { as: 'BUSINESS_MANAGER' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(templatesOf(1));
    expect(templatesOf(1)).toHaveLength(3);
    expect(Object.keys(templatesOf(1)[0] ?? {}).sort()).toEqual(
      ['content', 'created_at', 'icon', 'id', 'org_id', 'title', 'updated_at', 'usage_count'].sort(),
    );
  });

  it('needs org_id from a PROVIDER, who has no organization of its own', async () => {
    const res = await api.call('GET', '/messaging/templates', { as: 'PROVIDER' });
    expect(res).toMatchObject({ status: 400, body: { errors: { json: { org_id: ['Required for PROVIDER users.'] } } } });
    const other = await api.call('GET', '/messaging/templates?org_id=2', { as: 'PROVIDER' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(templatesOf(2));
  });

  it('lets only a PROVIDER address another organization', async () => {
    expect((await api.call('GET', '/messaging/templates?org_id=1')).status).toBe(200);
    expect(await api.call('GET', '/messaging/templates?org_id=2')).toMatchObject({
      status: 403,
      body: { errors: { authorization: 'Operation not allowed' } },
    });
  });

  it('answers not found for an unknown organization and 400 for a malformed org_id', async () => {
    expect(await api.call('GET', '/messaging/templates?org_id=99', { as: 'PROVIDER' })).toMatchObject({
      status: 404,
      body: { errors: { json: 'Resource not found' } },
    });
    expect(await api.call('GET', '/messaging/templates?org_id=two', { as: 'PROVIDER' })).toMatchObject({
      status: 400,
      body: { errors: { json: { org_id: ['Not a valid integer.'] } } },
    });
  });

  it('needs the messaging_read permission on a restricted key', async () => {
    expect((await api.call('GET', '/messaging/templates', { as: addRestrictedKey(api, ['business_read']) })).status).toBe(403);
    expect((await api.call('GET', '/messaging/templates', { as: addRestrictedKey(api, ['messaging_read']) })).status).toBe(200);
  });

  it('refuses a caller without a key', async () => {
    expect(await api.call('GET', '/messaging/templates', { as: null })).toMatchObject({
      status: 401,
      body: { errors: { authentication: 'User not authenticated' } },
    });
  });
});
