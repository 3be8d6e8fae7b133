import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../src/emulator/state-types.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

describe('POST /business/{business_id}', () => {
  let api: TestEmulator;
  let first: Business;
  let second: Business;
  beforeAll(async () => {
    api = await startTestEmulator();
    const [a, b] = api.emulator.state.orgBusinesses(1);
    if (a === undefined || b === undefined) throw new Error('seed has too few businesses');
    first = a;
    second = b;
  });
  afterAll(() => api.close());

  it('patches only the fields sent and bumps modified', async () => {
    const before = { ...first };
    const res = await api.call('POST', `/business/${first.id}`, { body: { name: 'Renamed', photos: { secondary: ['https://x.example/1.jpg'] } } });
    expect(res).toMatchObject({ status: 200, body: { status: 'success', id: first.id } });
    expect(first.name).toBe('Renamed');
    expect(first.city).toBe(before.city);
    expect(first.photos.primary).toBe(before.photos.primary);
    expect(first.photos.secondary).toEqual(['https://x.example/1.jpg']);
    expect(first.modified).toBeGreaterThan(before.modified);
  });

  it('reports every invalid field at once in errors.json', async () => {
    const res = await api.call('POST', `/business/${first.id}`, {
      body: {
        lat: 123,
        country: 'XX',
        status: 'gone',
        description_short: 'x'.repeat(81),
        categories: [],
        contacts: [{ phone_numbers: ['0102030405'] }],
        open_hours: { monday: ['9h-18h'] },
        specific_hours: { open: [], close: [{ starts_at: '2026-12-26', ends_at: '2026-12-24' }] },
        created: 1,
      },
    });
    expect(res.status).toBe(400);
    const json = (res.body as { errors: { json: Record<string, unknown> } }).errors.json;
    expect(Object.keys(json).sort()).toEqual(
      ['categories', 'contacts', 'country', 'created', 'description_short', 'lat', 'open_hours', 'specific_hours', 'status'].sort(),
    );
    expect(json.contacts).toEqual({ '0': { phone_numbers: { '0': ['must be a phone number in E.164 format (+33302060628)'] } } });
    expect(json.created).toEqual(['Unknown field.']);
    expect(json.open_hours).toMatchObject({ monday: { '0': ['must be a time window HH:MM-HH:MM'] }, sunday: expect.any(Array) as unknown });
  });

  // The published description (2021): URLs are URIs, address fields strings and numbers, none nullable.
  it('refuses an empty URL and a null address field, as the published description does', async () => {
    const before = structuredClone(first);
    const res = await api.call('POST', `/business/${first.id}`, {
      body: { website_url: '', network_a_url: '', network_b_url: '', city: null, zipcode: null, lat: null, long: null, address_full: null },
    });
    expect(res.status).toBe(400);
    const json = (res.body as { errors: { json: Record<string, string[]> } }).errors.json;
    expect(json).toMatchObject({
      website_url: ['must be an http(s) URL'],
      network_a_url: ['must be an http(s) URL'],
      network_b_url: ['must be an http(s) URL'],
      city: ['Invalid input: expected string, received null'],
      lat: ['Invalid input: expected number, received null'],
    });
    expect(Object.keys(json).sort()).toEqual(['address_full', 'city', 'lat', 'long', 'network_a_url', 'network_b_url', 'website_url', 'zipcode']);
    expect(first).toEqual(before);
    const cleared = await api.call('POST', `/business/${first.id}`, { body: { address_full: '', address2: '', network_b_url: 'https://network-b.example.com/x' } });
    expect(cleared.status).toBe(200);
    expect(first).toMatchObject({ address_full: '', address2: '', network_b_url: 'https://network-b.example.com/x' });
  });

  it('refuses a null opening_date: the contract types it a date yyyy-mm-dd', async () => {
    const before = first.opening_date;
    const res = await api.call('POST', `/business/${first.id}`, { body: { opening_date: null } });
    expect(res).toMatchObject({ status: 400, body: { errors: { json: { opening_date: ['must be a date yyyy-mm-dd'] } } } });
    expect(first.opening_date).toBe(before);
  });

  it('takes times 00:00 to 23:59, a window to midnight ending 00:00, and refuses 24:00', async () => {
    const week = (windows: string[]) => ({ monday: windows, tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] });
    const toMidnight = { open_hours: week(['07:00-13:00', '18:00-00:00']), specific_hours: { open: [{ starts_at: '2026-12-31', ends_at: '2026-12-31', open_hours: ['20:00-00:00'] }], close: [] } };
    expect((await api.call('POST', `/business/${first.id}`, { body: toMidnight })).status).toBe(200);
    const { body } = await api.call<{ businesses: Business[] }>('GET', `/business/search?business__in=${first.id}`);
    expect(body.businesses[0]?.open_hours.monday).toEqual(['07:00-13:00', '18:00-00:00']);
    expect(body.businesses[0]?.specific_hours.open).toEqual(toMidnight.specific_hours.open);
    for (const update of [{ open_hours: week(['18:00-24:00']) }, { specific_hours: { open: [{ starts_at: '2026-12-31', ends_at: '2026-12-31', open_hours: ['20:00-24:00'] }], close: [] } }]) {
      const res = await api.call('POST', `/business/${first.id}`, { body: update });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('must be a time window HH:MM-HH:MM');
    }
    expect(first.open_hours.monday).toEqual(['07:00-13:00', '18:00-00:00']);
  });

  // The published description (2021): specific_hours needs both open and close.
  it('refuses specific_hours without both open and close, as the published description does', async () => {
    const before = structuredClone(first.specific_hours);
    const day = { starts_at: '2027-01-02', ends_at: '2027-01-02' };
    for (const [sent, missing] of [[{ open: [{ ...day, open_hours: ['08:00-12:00'] }] }, 'close'], [{ close: [day] }, 'open']] as const) {
      const res = await api.call('POST', `/business/${first.id}`, { body: { specific_hours: sent } });
      expect(res).toMatchObject({ status: 400, body: { errors: { json: { specific_hours: { [missing]: ['Invalid input: expected array, received undefined'] } } } } });
    }
    expect(first.specific_hours).toEqual(before);
    expect((await api.call('POST', `/business/${first.id}`, { body: { specific_hours: { open: [], close: [day] } } })).status).toBe(200);
    expect(first.specific_hours).toEqual({ open: [], close: [day] });
  });

  it('accepts ISO country codes only', async () => {
    for (const country of ['XX', 'ZZ', 'fr', 'F1']) {
      const res = await api.call('POST', `/business/${first.id}`, { body: { country } });
      expect(res.status).toBe(400);
    }
    expect((await api.call('POST', `/business/${first.id}`, { body: { country: 'BE' } })).status).toBe(200);
  });

  it('requires the whole week in open_hours', async () => {
    const week = { monday: ['09:00-18:00'], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
    expect((await api.call('POST', `/business/${first.id}`, { body: { open_hours: week } })).status).toBe(200);
    const { sunday: _sunday, ...partial } = week;
    expect((await api.call('POST', `/business/${first.id}`, { body: { open_hours: partial } })).status).toBe(400);
  });

  it('keeps store codes unique per organization', async () => {
    const res = await api.call('POST', `/business/${first.id}`, { body: { code: second.code } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { json: { code: [expect.stringContaining('already used') as unknown] } } });
    expect((await api.call('POST', `/business/${first.id}`, { body: { code: 'NEW-1' } })).status).toBe(200);
    expect((await api.call('GET', '/business/search?code=NEW-1')).body).toMatchObject({ count: 1, businesses: [{ id: first.id }] });
  });

  it('checks custom field values against their definitions', async () => {
    const res = await api.call('POST', `/business/${first.id}`, {
      body: { custom_fields: { seats: 9999, store_format: 'mega', payment_methods: ['cash', 'card', 'check', 'contactless', 'meal_voucher'], nope: 1, has_parking: 'yes' } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: {
        json: {
          custom_fields: {
            seats: ['must be at most 500'],
            store_format: ['must be one of express, classic, flagship'],
            payment_methods: ['must hold at most 4 values'],
            nope: ['Unknown custom field.'],
            has_parking: ['must be a boolean'],
          },
        },
      },
    });
    const good = await api.call('POST', `/business/${first.id}`, { body: { custom_fields: { seats: 12, gallery: null } } });
    expect(good.status).toBe(200);
    expect(first.custom_fields.seats).toBe(12);
    expect(first.custom_fields.gallery).toBeNull();
  });

  it('refuses fields disabled for the organization with edit_not_allowed', async () => {
    const nordic = api.emulator.state.orgBusinesses(2)[0];
    const res = await api.call('POST', `/business/${nordic?.id ?? ''}`, {
      as: 'PROVIDER',
      body: { name: 'X', city: 'Oslo', photos: { primary: 'https://x.example/p.jpg', secondary: [] } },
    });
    expect(res).toEqual({ status: 403, headers: expect.anything() as unknown, body: { errors: { authorization: { name: 'edit_not_allowed', 'photos.primary': 'edit_not_allowed' } } } });
    expect((await api.call('POST', `/business/${nordic?.id ?? ''}`, { as: 'PROVIDER', body: { city: 'Oslo' } })).status).toBe(200);
  });

  it('addresses a business by store code for the roles allowed to', async () => {
    const code = second.code ?? '';
    expect((await api.call('POST', `/business/c-${code}`, { body: { city: 'Lyon' } })).status).toBe(200);
    expect(second.city).toBe('Lyon');
    expect((await api.call('POST', `/business/c-${code}`, { as: 'PROVIDER', body: { city: 'Lyon' } })).status).toBe(403);
    expect((await api.call('POST', `/business/c-${code}`, { as: 'ORG_MANAGER', body: { city: 'Lyon' } })).status).toBe(403);
    expect((await api.call('POST', '/business/c-NO-SUCH-CODE', { body: { city: 'Lyon' } })).status).toBe(404);
  });

  it('enforces READ and WRITE access per business', async () => {
    const manager = api.emulator.state.users.get(api.emulator.users.BUSINESS_MANAGER);
    const entries = [...(manager?.businessAccess ?? new Map<string, string>()).entries()];
    const writable = entries.find(([, access]) => access === 'WRITE')?.[0] ?? '';
    const readable = entries.find(([, access]) => access === 'READ')?.[0] ?? '';
    const outside = api.emulator.state.orgBusinesses(1)[40]?.id ?? '';
    expect((await api.call('POST', `/business/${writable}`, { as: 'BUSINESS_MANAGER', body: { city: 'Paris' } })).status).toBe(200);
    expect(await api.call('POST', `/business/${readable}`, { as: 'BUSINESS_MANAGER', body: { city: 'Paris' } })).toMatchObject({
      status: 403,
      body: { errors: { authorization: 'Operation not allowed' } },
    });
    expect((await api.call('POST', `/business/${outside}`, { as: 'BUSINESS_MANAGER', body: { city: 'Paris' } })).status).toBe(403);
    expect((await api.call('POST', `/business/${writable}`, { as: 'PUBLISHER', body: { city: 'Paris' } })).status).toBe(403);
    expect((await api.call('POST', '/business/000000000000000000000000', { body: { city: 'Paris' } })).status).toBe(404);
  });

  it('lets only a PROVIDER move a business to another organization', async () => {
    expect((await api.call('POST', `/business/${second.id}`, { body: { org_id: 2 } })).status).toBe(403);
    expect((await api.call('POST', `/business/${second.id}`, { as: 'PROVIDER', body: { org_id: 2, groups: [] } })).status).toBe(200);
    expect(api.emulator.state.orgBusinesses(2)).toContain(second);
    expect(api.emulator.state.orgBusinesses(1)).not.toContain(second);
  });
});
