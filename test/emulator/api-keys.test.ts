import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/emulator/pipeline/permissions.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

/** 2026-01-10 12:00 UTC: "today" is 2026-01-10 for the expiration rule. */
const NOW = Date.UTC(2026, 0, 10, 12);
const CREATED_AT = '2026-01-10 12:00:00.000000+00';

interface KeyAnswer {
  id: number;
  api_key?: string;
  disabled: boolean;
  label: string;
  revoked_by: string | null;
  revoked_by_name: string | null;
  revoked_at: string | null;
}

describe('API keys', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ now: () => NOW });
  });
  afterAll(() => api.close());

  const seededKeyId = (role: 'ORG_MANAGER' | 'PROVIDER' | 'ORG_ADMIN'): number => {
    const key = api.emulator.state.keysBySecret.get(api.emulator.keys[role]);
    if (key === undefined) throw new Error(`no seeded key for ${role}`);
    return key.id;
  };
  const createKey = async (body: object = { label: 'temp' }) => {
    const res = await api.call<KeyAnswer>('POST', '/api_keys', { body });
    if (res.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const invalid = (json: object) => ({ status: 400, body: { errors: { json } } });

  describe('GET /permissions', () => {
    it('lists every permission name a restricted key can hold', async () => {
      expect(await api.call('GET', '/permissions', { as: 'PUBLISHER' })).toMatchObject({ status: 200, body: { permissions: [...PERMISSIONS] } });
    });
  });

  describe('POST /api_keys', () => {
    it('answers 201 with the key object and, once, its secret', async () => {
      const adminId = api.emulator.users.ORG_ADMIN;
      const res = await api.call('POST', '/api_keys', {
        body: {
          label: 'Import job',
          description: 'Nightly import',
          expiration_date: '2026-01-11',
          ip_whitelist: ['10.0.0.0/8', '2001:db8::/32', '192.168.1.7'],
          has_restricted_permissions: true,
          permissions: ['business_read', 'business_edit'],
        },
      });
      expect(res).toMatchObject({ status: 201 });
      expect(res.body).toEqual({
        id: expect.any(Number) as unknown,
        label: 'Import job',
        description: 'Nightly import',
        user_id: adminId,
        user_name: 'Org admin Example',
        user_role: 'ORG_ADMIN',
        user_type: 'user',
        disabled: false,
        expiration_date: '2026-01-11',
        last_used_at: null,
        created_by: adminId,
        created_by_name: 'Org admin Example',
        created_at: CREATED_AT,
        revoked_by: null,
        revoked_by_name: null,
        revoked_at: null,
        ip_whitelist: ['10.0.0.0/8', '2001:db8::/32', '192.168.1.7'],
        has_restricted_permissions: true,
        permissions: ['business_read', 'business_edit'],
        api_key: expect.stringMatching(/^lbk_[0-9a-f]{40}$/) as unknown,
      });
    });

    it('gives each key its own secret, usable at once by the caller\'s user', async () => {
      const first = await createKey();
      const second = await createKey();
      expect(first.api_key).not.toBe(second.api_key);
      const res = await api.call<{ businesses: unknown[] }>('GET', '/business/search', { as: { key: first.api_key ?? '' } });
      expect(res.status).toBe(200);
      const own = await api.call<{ businesses: unknown[] }>('GET', '/business/search');
      expect(res.body.businesses).toEqual(own.body.businesses);
    });

    it('defaults every field it is not sent', async () => {
      const res = await api.call('POST', '/api_keys', { body: {} });
      expect(res).toMatchObject({
        status: 201,
        body: { label: '', description: '', expiration_date: null, ip_whitelist: [], has_restricted_permissions: false, permissions: [] },
      });
    });

    it('requires has_restricted_permissions with permissions, and the other way round', async () => {
      expect(await api.call('POST', '/api_keys', { body: { permissions: ['business_read'] } })).toMatchObject(
        invalid({ has_restricted_permissions: ['Missing data for required field when permissions is sent.'] }),
      );
      expect(await api.call('POST', '/api_keys', { body: { has_restricted_permissions: false } })).toMatchObject(
        invalid({ permissions: ['Missing data for required field when has_restricted_permissions is sent.'] }),
      );
    });

    it('requires an expiration date from tomorrow on, or null', async () => {
      const tooSoon = 'must be at least the day after today (2026-01-11 or later); revoke the key to end it today';
      expect(await api.call('POST', '/api_keys', { body: { expiration_date: '2026-01-10' } })).toMatchObject(invalid({ expiration_date: [tooSoon] }));
      expect(await api.call('POST', '/api_keys', { body: { expiration_date: '2025-12-31' } })).toMatchObject(invalid({ expiration_date: [tooSoon] }));
      expect(await api.call('POST', '/api_keys', { body: { expiration_date: '11/01/2026' } })).toMatchObject(
        invalid({ expiration_date: ['must be a date yyyy-mm-dd'] }),
      );
      expect((await api.call('POST', '/api_keys', { body: { expiration_date: '2026-01-11' } })).status).toBe(201);
      expect((await api.call('POST', '/api_keys', { body: { expiration_date: null } })).status).toBe(201);
    });

    it('accepts only IP addresses and CIDR networks in ip_whitelist', async () => {
      const res = await api.call('POST', '/api_keys', { body: { ip_whitelist: ['127.0.0.1', 'localhost', '10.0.0.0/33', '::1/129', '::1/64'] } });
      const message = ['must be an IP address or a CIDR network'];
      expect(res).toMatchObject(invalid({ ip_whitelist: { '1': message, '2': message, '3': message } }));
    });

    it('accepts only the permission names of GET /permissions', async () => {
      const res = await api.call('POST', '/api_keys', { body: { has_restricted_permissions: true, permissions: ['business_read', 'root'] } });
      expect(res).toMatchObject(invalid({ permissions: { '1': ['unknown permission name (see GET /permissions)'] } }));
    });

    it('refuses unknown fields, including disabled', async () => {
      const res = await api.call('POST', '/api_keys', { body: { label: 'x', secret: 'mine', disabled: true } });
      expect(res).toMatchObject(invalid({ secret: ['Unknown field.'], disabled: ['Unknown field.'] }));
    });

    it('refuses PUBLISHER users', async () => {
      expect(await api.call('POST', '/api_keys', { as: 'PUBLISHER', body: { label: 'x' } })).toMatchObject({
        status: 403,
        body: { errors: { authorization: 'Operation not allowed' } },
      });
    });

    it('refuses a restricted key without api_keys_manage', async () => {
      const key = await createKey({ has_restricted_permissions: true, permissions: ['business_read'] });
      expect(await api.call('POST', '/api_keys', { as: { key: key.api_key ?? '' }, body: {} })).toMatchObject({ status: 403 });
    });
  });

  describe('PUT /api_keys/{key_id}', () => {
    it('updates the fields sent and answers the key object without its secret', async () => {
      const key = await createKey({ label: 'before', description: 'kept' });
      const res = await api.call<Record<string, unknown>>('PUT', `/api_keys/${key.id}`, {
        body: { label: 'after', has_restricted_permissions: true, permissions: ['business_read', 'business_read'] },
      });
      expect(res).toMatchObject({
        status: 200,
        body: { id: key.id, label: 'after', description: 'kept', has_restricted_permissions: true, permissions: ['business_read'] },
      });
      expect(res.body).not.toHaveProperty('api_key');
    });

    it('answers 404 for an id that is not an integer or not a key', async () => {
      const notFound = { status: 404, body: { errors: { json: 'Resource not found' } } };
      expect(await api.call('PUT', '/api_keys/abc', { body: {} })).toMatchObject(notFound);
      expect(await api.call('PUT', '/api_keys/999999', { body: {} })).toMatchObject(notFound);
    });

    it('lets an ORG_ADMIN manage the keys of its organization\'s users but not others', async () => {
      expect((await api.call('PUT', `/api_keys/${seededKeyId('ORG_MANAGER')}`, { body: { description: 'checked' } })).status).toBe(200);
      expect((await api.call('PUT', `/api_keys/${seededKeyId('PROVIDER')}`, { body: { description: 'checked' } })).status).toBe(403);
    });

    it('lets other roles manage only their own keys', async () => {
      expect((await api.call('PUT', `/api_keys/${seededKeyId('ORG_MANAGER')}`, { as: 'ORG_MANAGER', body: { label: 'mine' } })).status).toBe(200);
      expect(await api.call('PUT', `/api_keys/${seededKeyId('ORG_ADMIN')}`, { as: 'ORG_MANAGER', body: { label: 'theirs' } })).toMatchObject({
        status: 403,
        body: { errors: { authorization: 'Operation not allowed' } },
      });
    });

    it('lets a PROVIDER manage any key', async () => {
      expect((await api.call('PUT', `/api_keys/${seededKeyId('ORG_MANAGER')}`, { as: 'PROVIDER', body: { description: 'audited' } })).status).toBe(200);
    });

    it('refuses PUBLISHER users, even on their own key', async () => {
      const own = api.emulator.state.keysBySecret.get(api.emulator.keys.PUBLISHER);
      expect((await api.call('PUT', `/api_keys/${String(own?.id)}`, { as: 'PUBLISHER', body: { label: 'x' } })).status).toBe(403);
    });

    it('applies the creation rules: coupling, expiration date, unknown fields', async () => {
      const key = await createKey();
      expect(await api.call('PUT', `/api_keys/${key.id}`, { body: { permissions: [] } })).toMatchObject(
        invalid({ has_restricted_permissions: ['Missing data for required field when permissions is sent.'] }),
      );
      expect((await api.call('PUT', `/api_keys/${key.id}`, { body: { expiration_date: '2026-01-10' } })).status).toBe(400);
      expect(await api.call('PUT', `/api_keys/${key.id}`, { body: { user_id: 'someone' } })).toMatchObject(invalid({ user_id: ['Unknown field.'] }));
    });

    it('revokes a key with disabled true, for good', async () => {
      const key = await createKey();
      const res = await api.call<KeyAnswer>('PUT', `/api_keys/${key.id}`, { body: { disabled: true } });
      expect(res).toMatchObject({
        status: 200,
        body: { disabled: true, revoked_by: api.emulator.users.ORG_ADMIN, revoked_by_name: 'Org admin Example', revoked_at: CREATED_AT },
      });
      expect((await api.call('GET', '/business/search', { as: { key: key.api_key ?? '' } })).status).toBe(401);
      expect(await api.call('PUT', `/api_keys/${key.id}`, { body: { disabled: false } })).toMatchObject(
        invalid({ disabled: ['A revoked key cannot be enabled again.'] }),
      );
    });
  });
});
