import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

const NOT_AUTHORIZED = { status: 403, body: { errors: { authorization: 'Operation not allowed' } } };
const NOT_FOUND = { status: 404, body: { errors: { json: 'Resource not found' } } };
const LIMIT_REACHED = { status: 400, body: { errors: { json: { event_type: ['At most 5 webhooks per event type and organization.'] } } } };
const invalid = (json: object) => ({ status: 400, body: { errors: { json } } });

interface WebhookAnswer {
  id: number;
  event_type: string;
  url: string;
  custom_headers: Record<string, string>;
  org_id: number;
}

// Each test starts from an organization without webhooks: the limits count what earlier tests registered.
describe('webhooks', () => {
  let api: TestEmulator;
  beforeEach(async () => {
    api = await startTestEmulator({ businesses: 10, feedback: 0 });
  });
  afterEach(() => api.close());

  const register = (body: object, path = '/webhooks') => api.call<WebhookAnswer>('POST', path, { body });
  const registered = async (body: object, path?: string): Promise<WebhookAnswer> => {
    const res = await register(body, path);
    if (res.status !== 200) throw new Error(`webhook creation failed: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  describe('POST /webhooks', () => {
    it('registers a webhook of the caller\'s organization', async () => {
      const res = await register({ event_type: 'postCreated', url: 'https://hooks.example/posts', custom_headers: { 'X-Token': 's3cret' } });
      expect(res).toEqual({
        status: 200,
        headers: expect.any(Headers) as unknown,
        body: { id: expect.any(Number) as unknown, event_type: 'postCreated', url: 'https://hooks.example/posts', custom_headers: { 'X-Token': 's3cret' }, org_id: 1 },
      });
      expect((await register({ event_type: 'message_created', url: 'http://hooks.example/m' })).body.custom_headers).toEqual({});
    });

    it('accepts 5 webhooks per event type and organization, and refuses the 6th', async () => {
      for (let i = 1; i <= 5; i++) await registered({ event_type: 'message_updated', url: `https://hooks.example/${i}` });
      expect(await register({ event_type: 'message_updated', url: 'https://hooks.example/6' })).toMatchObject(LIMIT_REACHED);
      expect((await register({ event_type: 'message_created', url: 'https://hooks.example/6' })).status).toBe(200);
    });

    it('counts the limit per organization', async () => {
      for (let i = 1; i <= 5; i++) await registered({ event_type: 'postCreated', url: `https://hooks.example/${i}` }, '/webhooks?org_id=1');
      const res = await api.call('POST', '/webhooks?org_id=2', { as: 'PROVIDER', body: { event_type: 'postCreated', url: 'https://hooks.example/1' } });
      expect(res).toMatchObject({ status: 200, body: { org_id: 2 } });
    });

    it('refuses the same URL twice for an event type, and accepts other URLs and other event types', async () => {
      await registered({ event_type: 'postCreated', url: 'https://hooks.example/posts' });
      expect(await register({ event_type: 'postCreated', url: 'https://hooks.example/posts' })).toMatchObject(
        invalid({ url: ['Already registered for postCreated in this organization.'] }),
      );
      expect((await register({ event_type: 'postCreated', url: 'https://HOOKS.example/posts' })).status).toBe(400);
      expect((await register({ event_type: 'postCreated', url: 'https://hooks.example/other' })).status).toBe(200);
      expect((await register({ event_type: 'message_created', url: 'https://hooks.example/posts' })).status).toBe(200);
    });

    it('validates the event type, the URL and the header names', async () => {
      expect(await register({ event_type: 'reviewCreated', url: 'ftp://hooks.example/x', custom_headers: { 'Bad Header': 'x' } })).toMatchObject(
        invalid({
          event_type: ['must be one of postCreated, message_created, message_updated'],
          url: ['must be an http(s) URL'],
          custom_headers: { 'Bad Header': ['must be an HTTP header name'] },
        }),
      );
    });

    it('requires event_type and url, and refuses unknown fields', async () => {
      const res = await api.call<{ errors: { json: Record<string, unknown> } }>('POST', '/webhooks', { body: { secret: 'x' } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors.json).sort()).toEqual(['event_type', 'secret', 'url']);
    });

    it('makes a PROVIDER name the organization with org_id, which no one else may name', async () => {
      const body = { event_type: 'postCreated', url: 'https://hooks.example/p' };
      expect(await api.call('POST', '/webhooks?org_id=2', { body })).toMatchObject(NOT_AUTHORIZED);
      expect(await api.call('POST', '/webhooks', { as: 'PROVIDER', body })).toMatchObject(invalid({ org_id: ['Required for PROVIDER users.'] }));
      expect(await api.call('POST', '/webhooks?org_id=999', { as: 'PROVIDER', body })).toMatchObject(NOT_FOUND);
    });

    it.each(['ORG_MANAGER', 'GROUP_MANAGER', 'BUSINESS_MANAGER', 'PUBLISHER'] as const)('refuses %s', async (role) => {
      expect(await api.call('POST', '/webhooks', { as: role, body: { event_type: 'postCreated', url: 'https://hooks.example/p' } })).toMatchObject(
        NOT_AUTHORIZED,
      );
    });
  });

  describe('PATCH /webhooks/{webhook_id}', () => {
    it('updates the fields sent; custom_headers replaces the whole map', async () => {
      const hook = await registered({ event_type: 'postCreated', url: 'https://hooks.example/a', custom_headers: { A: '1', B: '2' } });
      const res = await api.call('PATCH', `/webhooks/${hook.id}`, { body: { url: 'https://hooks.example/b', custom_headers: { C: '3' } } });
      expect(res).toMatchObject({
        status: 200,
        body: { id: hook.id, event_type: 'postCreated', url: 'https://hooks.example/b', custom_headers: { C: '3' }, org_id: 1 },
      });
    });

    it('keeps URLs unique per event type, the webhook itself aside', async () => {
      await registered({ event_type: 'postCreated', url: 'https://hooks.example/a' });
      const hook = await registered({ event_type: 'postCreated', url: 'https://hooks.example/b' });
      expect(await api.call('PATCH', `/webhooks/${hook.id}`, { body: { url: 'https://hooks.example/a' } })).toMatchObject(
        invalid({ url: ['Already registered for postCreated in this organization.'] }),
      );
      expect((await api.call('PATCH', `/webhooks/${hook.id}`, { body: { url: 'https://hooks.example/b', custom_headers: {} } })).status).toBe(200);
    });

    it('refuses moving a webhook to an event type that has 5 already', async () => {
      for (let i = 1; i <= 5; i++) await registered({ event_type: 'message_created', url: `https://hooks.example/${i}` });
      const hook = await registered({ event_type: 'postCreated', url: 'https://hooks.example/p' });
      expect(await api.call('PATCH', `/webhooks/${hook.id}`, { body: { event_type: 'message_created' } })).toMatchObject(LIMIT_REACHED);
    });

    it('validates the body like creation', async () => {
      const hook = await registered({ event_type: 'postCreated', url: 'https://hooks.example/p' });
      expect(await api.call('PATCH', `/webhooks/${hook.id}`, { body: { url: 'not a url', org_id: 2 } })).toMatchObject(
        invalid({ url: ['must be an http(s) URL'], org_id: ['Unknown field.'] }),
      );
    });

    it('answers 404 for an unknown id, an id that is not an integer, and another organization\'s webhook', async () => {
      expect(await api.call('PATCH', '/webhooks/999999', { body: {} })).toMatchObject(NOT_FOUND);
      expect(await api.call('PATCH', '/webhooks/abc', { body: {} })).toMatchObject(NOT_FOUND);
      const res = await api.call<WebhookAnswer>('POST', '/webhooks?org_id=2', { as: 'PROVIDER', body: { event_type: 'postCreated', url: 'https://hooks.example/p' } });
      expect(await api.call('PATCH', `/webhooks/${res.body.id}`, { body: { url: 'https://hooks.example/q' } })).toMatchObject(NOT_FOUND);
      expect(await api.call('PATCH', `/webhooks/${res.body.id}?org_id=1`, { as: 'PROVIDER', body: {} })).toMatchObject(NOT_FOUND);
      expect((await api.call('PATCH', `/webhooks/${res.body.id}`, { as: 'PROVIDER', body: { url: 'https://hooks.example/q' } })).status).toBe(200);
    });

    it('refuses roles other than ORG_ADMIN and PROVIDER', async () => {
      const hook = await registered({ event_type: 'postCreated', url: 'https://hooks.example/p' });
      expect(await api.call('PATCH', `/webhooks/${hook.id}`, { as: 'ORG_MANAGER', body: {} })).toMatchObject(NOT_AUTHORIZED);
    });
  });

  describe('GET /webhooks', () => {
    it('lists the webhooks of the addressed organization only', async () => {
      const own = await registered({ event_type: 'postCreated', url: 'https://hooks.example/1' });
      const other = await api.call<WebhookAnswer>('POST', '/webhooks?org_id=2', { as: 'PROVIDER', body: { event_type: 'postCreated', url: 'https://hooks.example/2' } });
      expect(await api.call('GET', '/webhooks')).toMatchObject({ status: 200, body: { webhooks: [own] } });
      expect(await api.call('GET', '/webhooks?org_id=2', { as: 'PROVIDER' })).toMatchObject({ status: 200, body: { webhooks: [other.body] } });
    });
  });

  it('refuses a restricted key without webhooks_manage', async () => {
    const created = await api.call<{ api_key: string }>('POST', '/api_keys', { body: { has_restricted_permissions: true, permissions: ['business_read'] } });
    expect(await api.call('GET', '/webhooks', { as: { key: created.body.api_key } })).toMatchObject(NOT_AUTHORIZED);
  });
});
