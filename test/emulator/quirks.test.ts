import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDIRECT_BASE, parseQuirks, type Quirks } from '../../src/emulator/pipeline/quirks.js';
import type { Business, ServiceItem } from '../../src/emulator/state-types.js';
import { UsageError } from '../../src/user-error.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

interface ListBody {
  page: number;
  max_page: number;
  count: number;
  businesses: Record<string, unknown>[];
}

interface FeedbackBody {
  page: number;
  count: number;
  items: { id: number; business_id: string }[];
}

/** One emulator with `quirks` for the tests of a describe block. */
function useEmulator(quirks: Quirks, options: { ratePerMinute?: number } = {}): () => TestEmulator {
  let api: TestEmulator | undefined;
  beforeAll(async () => {
    api = await startTestEmulator({ quirks, ...options });
  });
  afterAll(() => api?.close());
  return () => {
    if (api === undefined) throw new Error('the emulator has not started');
    return api;
  };
}

function firstBusiness(api: TestEmulator, index = 0): Business {
  const business = api.emulator.state.orgBusinesses(1)[index];
  if (business === undefined) throw new Error('seed has too few businesses');
  return business;
}

describe('quirk replace-nested', () => {
  const plain = useEmulator({});
  const replacing = useEmulator({ 'replace-nested': true });

  it('replaces photos, custom_fields and contacts whole where the plain emulator merges them', async () => {
    const update = {
      photos: { LOGO: 'https://cdn.example.com/new-logo.png' },
      custom_fields: { seats: 3 },
      contacts: [{ name: 'Only a name' }],
    };
    const states = await Promise.all(
      [plain(), replacing()].map(async (api) => {
        const business = firstBusiness(api);
        expect((await api.call('POST', `/business/${business.id}`, { body: update })).status).toBe(200);
        return business;
      }),
    );
    const [merged, replaced] = states as [Business, Business];
    expect(merged.photos).toMatchObject({ LOGO: update.photos.LOGO, primary: expect.any(String) as unknown });
    expect(replaced.photos).toEqual(update.photos);
    expect(Object.keys(merged.custom_fields).length).toBeGreaterThan(1);
    expect(replaced.custom_fields).toEqual({ seats: 3 });
    expect(merged.contacts[0]).toMatchObject({ name: 'Only a name', email: expect.any(String) as unknown });
    expect(replaced.contacts).toEqual([{ name: 'Only a name' }]);
  });

  it("sets a service whole and makes set_values a REPEATABLE_ENUM's whole selection, where the plain emulator keeps what is not sent", async () => {
    const states = await Promise.all(
      [plain(), replacing()].map(async (api) => {
        const business = firstBusiness(api);
        business.categories = ['gcid:bakery'];
        const bread: ServiceItem = { service_id: 102, type: 'STRUCTURED_SERVICE_ITEM', name: 'Bread delivery', price: 2, description: 'Every morning', category_geo_name: 'gcid:bakery' };
        api.emulator.state.businessServices.set(business.id, [bread]);
        api.emulator.state.businessAttributes.set(business.id, new Map([['pay_credit_card_types_accepted', ['visa', 'mastercard']]]));
        expect((await api.call('POST', `/business/${business.id}/structured_services`, { body: { service_id: 102, price: 3 } })).status).toBe(200);
        const attributes = [{ type: 'REPEATABLE_ENUM', geo_id: 'pay_credit_card_types_accepted', value: { set_values: ['jcb'], unset_values: [] } }];
        expect((await api.call('POST', `/business/${business.id}/attributes`, { body: { attributes } })).status).toBe(200);
        return [api.emulator.state.businessServices.get(business.id), api.emulator.state.businessAttributes.get(business.id)?.get('pay_credit_card_types_accepted')];
      }),
    );
    expect(states).toEqual([
      [[expect.objectContaining({ price: 3, description: 'Every morning' })], ['visa', 'mastercard', 'jcb']],
      [[expect.objectContaining({ price: 3, description: '' })], ['jcb']],
    ]);
  });
});

describe('quirk nulls', () => {
  const api = useEmulator({ nulls: true });

  it('answers businesses with null addresses, empty lists as null in some, and empty fields left out', async () => {
    const { body } = await api().call<ListBody>('GET', '/business/search?per_page=100');
    const withoutAddress = body.businesses.filter((business) => business.city === null);
    expect(withoutAddress.length).toBeGreaterThan(0);
    for (const business of withoutAddress) expect(business).toMatchObject({ address: null, address_full: null, zipcode: null, lat: null, long: null });
    expect(body.businesses.some((business) => (business.open_hours as Record<string, unknown>).sunday === null)).toBe(true);
    expect(body.businesses.some((business) => (business.specific_hours as Record<string, unknown>).open === null)).toBe(true);
    const stored = body.businesses.map((business) => api().emulator.state.businesses.get(business.id as string));
    const emptyAddress2 = body.businesses.filter((_business, index) => stored[index]?.address2 === '');
    expect(emptyAddress2.length).toBeGreaterThan(0);
    for (const business of emptyAddress2) expect(business).not.toHaveProperty('address2');
    // Only the answers change: the stored record keeps its empty text.
    expect(stored.filter((business) => business?.address2 === '')).toHaveLength(emptyAddress2.length);
    expect(JSON.stringify(body.businesses)).not.toMatch(/:""/);
    // Empty lists are null in some businesses only: a reader meets both forms.
    expect(body.businesses.some((business) => JSON.stringify(business).includes(':[]'))).toBe(true);
  });

  it('answers services without an unset price, attributes without an unset value or with no selected values as null, and feedback results with nulls left out', async () => {
    const state = api().emulator.state;
    const business = firstBusiness(api());
    state.businessServices.set(business.id, [
      { service_id: 101, type: 'STRUCTURED_SERVICE_ITEM', name: 'Catering', price: null, description: '', category_geo_name: 'gcid:bakery' },
    ]);
    const { body: services } = await api().call<{ services: unknown[] }>('GET', `/business/${business.id}/services`);
    expect(services.services).toEqual([{ service_id: 101, type: 'STRUCTURED_SERVICE_ITEM', name: 'Catering', description: null, category_geo_name: 'gcid:bakery' }]);

    state.businessAttributes.set(business.id, new Map([['pay_credit_card_types_accepted', []]]));
    const { body: attributes } = await api().call<{ attributes: Record<string, unknown>[] }>('GET', `/business/${business.id}/attributes`);
    expect(attributes.attributes.find((attribute) => attribute.geo_id === 'has_wifi')).toEqual({ type: 'BOOL', geo_id: 'has_wifi' });
    expect(attributes.attributes.find((attribute) => attribute.geo_id === 'pay_credit_card_types_accepted')?.value).toEqual({
      set_values: null,
      unset_values: ['visa', 'mastercard', 'american_express', 'discover', 'jcb'],
    });
    // Only the answers change.
    expect(state.businessServices.get(business.id)?.[0]?.price).toBeNull();

    const { body: feedback } = await api().call<FeedbackBody>('GET', '/feedback/feedback_result?page=1');
    const text = JSON.stringify(feedback.items);
    expect(text).not.toMatch(/"rating":null|"content":null|:""/);
    expect(text).toMatch(/"comments":null/);
    expect(state.feedbackResults.some((result) => result.comments.length === 0)).toBe(true);
  });
});

describe('quirk real-shapes', () => {
  const api = useEmulator({ 'real-shapes': true });

  const answered = async (business: Business): Promise<Record<string, unknown>> => {
    const { body } = await api().call<ListBody>('GET', `/business/search?business__in=${business.id}`, { as: 'PROVIDER' });
    const [shown] = body.businesses;
    if (shown === undefined) throw new Error(`business ${business.id} not answered`);
    return shown;
  };

  it('answers every empty or unset optional field null, at every depth, but keeps the hours lists', async () => {
    const business = firstBusiness(api());
    Object.assign(business, {
      address2: '',
      network_b_url: null,
      opening_date: null,
      network_a_page_id: null,
      groups: [],
      contacts: [{ name: 'Only a name', fax: '' }, { phone_numbers: [] }],
      photos: { LOGO: 'https://cdn.example.com/logo.png', secondary: [] },
      open_hours: { ...business.open_hours, sunday: [] },
      specific_hours: { open: [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: [] }], close: [] },
    });
    const shown = await answered(business);
    expect(shown).toMatchObject({
      address2: null,
      network_b_url: null,
      opening_date: null,
      network_a_page_id: null,
      groups: null,
      promos: null,
      contacts: [
        { name: 'Only a name', email: null, phone_numbers: null, fax: null },
        { name: null, email: null, phone_numbers: null, fax: null },
      ],
      photos: { LOGO: 'https://cdn.example.com/logo.png', primary: null, secondary: null },
      open_hours: { sunday: [] },
      specific_hours: { open: [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: [] }], close: [] },
    });
    const { body } = await api().call<ListBody>('GET', '/business/search?per_page=100');
    expect(JSON.stringify(body.businesses)).not.toMatch(/:""/);
    // Only the answers change: the stored record keeps its empty text and lists.
    expect(business).toMatchObject({ address2: '', groups: [], photos: { secondary: [] } });
  });

  it('answers custom fields as a list of the organization’s definitions with the business’s values', async () => {
    const business = firstBusiness(api(), 1);
    business.custom_fields = { seats: 12, has_parking: false, manager_note: '', payment_methods: [] };
    const definitions = api()
      .emulator.state.customFields.filter((field) => field.org_id === business.org_id)
      .sort((a, b) => a.order - b.order);
    const { custom_fields: fields } = await answered(business);
    expect(fields).toEqual(
      definitions.map(({ id, name, type, order }) => ({ id, name, type, order, value: { seats: 12, has_parking: false }[name] ?? null })),
    );
    expect(business.custom_fields).toEqual({ seats: 12, has_parking: false, manager_note: '', payment_methods: [] });
  });

  it('reads one code and one status in a search: commas are part of the value; business__in stays a list', async () => {
    const [a, b] = [firstBusiness(api(), 2), firstBusiness(api(), 3)];
    const search = async (query: string) => api().call<ListBody>('GET', `/business/search?per_page=100&${query}`);
    expect((await search(`code=${a.code ?? ''}`)).body.count).toBe(1);
    expect((await search(`code=${a.code ?? ''},${b.code ?? ''}`)).body.count).toBe(0);
    expect((await api().call('POST', `/business/${a.id}`, { body: { code: 'A,B' } })).status).toBe(200);
    expect((await search(`code=${encodeURIComponent('A,B')}`)).body.businesses.map((found) => found.id)).toEqual([a.id]);
    expect((await search(`business__in=${a.id},${b.id}`)).body.count).toBe(2);
    const open = await search('status=open');
    expect(open.body.count).toBeGreaterThan(0);
    expect(open.body.businesses.every((found) => found.status === 'open')).toBe(true);
    expect(await search('status=open,closed')).toMatchObject({ status: 400, body: { errors: { json: { status: [expect.stringContaining('got open,closed') as unknown] } } } });
  });

  // Public facts: `GET /custom_fields` returns `{custom_fields: [...]}`; the sections are the emulator's own addition.
  it('answers the custom field definitions without the sections the spec does not show', async () => {
    const { status, body } = await api().call<Record<string, unknown>>('GET', '/custom_fields');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['custom_fields']);
    expect(body.custom_fields).toEqual(expect.arrayContaining([expect.objectContaining({ section_id: expect.any(Number) as unknown })]));
  });

  it('refuses a field disabled for the organization by its sub-field only, and takes the rest alone', async () => {
    const nordic = api().emulator.state.orgBusinesses(2)[0];
    if (nordic === undefined) throw new Error('seed has no business in organization 2');
    const photos = structuredClone(nordic.photos);
    const secondary = ['https://cdn.example.com/org2/inside-2.jpg'];
    const refused = await api().call('POST', `/business/${nordic.id}`, { as: 'PROVIDER', body: { photos: { primary: photos.primary, secondary } } });
    expect(refused).toMatchObject({ status: 403, body: { errors: { authorization: { 'photos.primary': 'edit_not_allowed' } } } });
    expect(Object.keys((refused.body as { errors: { authorization: object } }).errors.authorization)).toEqual(['photos.primary']);
    expect(nordic.photos).toEqual(photos);
    expect((await api().call('POST', `/business/${nordic.id}`, { as: 'PROVIDER', body: { photos: { secondary } } })).status).toBe(200);
    expect(nordic.photos).toEqual({ ...photos, secondary });
    expect((await answered(nordic)).photos).toEqual({ LOGO: photos.LOGO, primary: photos.primary, secondary });
  });
});

describe('quirk unknown-values', () => {
  const api = useEmulator({ 'unknown-values': true });

  it('lists a custom field of a type the public facts do not know, with values in the businesses', async () => {
    const { body } = await api().call<{ custom_fields: { name: string; type: string }[] }>('GET', '/custom_fields');
    expect(body.custom_fields).toContainEqual(expect.objectContaining({ name: 'renovated_on', type: 'DATE' }));
    const business = api().emulator.state.orgBusinesses(1).find((candidate) => candidate.opening_date !== null);
    expect(business?.custom_fields.renovated_on).toBe(business?.opening_date);
    const id = business?.id ?? '';
    expect((await api().call('POST', `/business/${id}`, { body: { custom_fields: { renovated_on: '2025-03-01' } } })).status).toBe(200);
    expect((await api().call('POST', `/business/${id}`, { body: { custom_fields: { renovated_on: 'last spring' } } })).status).toBe(400);
  });

  it('answers a status outside the documented ones and a field the spec does not name', async () => {
    const { body } = await api().call<ListBody>('GET', '/business/search?per_page=100');
    expect(body.businesses.some((business) => business.status === 'permanently_closed')).toBe(true);
    expect(body.businesses.every((business) => 'service_area' in business)).toBe(true);
  });
});

describe('quirk ignore-filters', () => {
  const api = useEmulator({ 'ignore-filters': true });

  it('answers a business search as if it had no filter, org_id included', async () => {
    const all = await api().call<ListBody>('GET', '/business/search');
    const code = firstBusiness(api()).code ?? '';
    const byCode = await api().call<ListBody>('GET', `/business/search?code=${code}`);
    expect(byCode.body.count).toBe(all.body.count);
    expect(all.body.count).toBeGreaterThan(1);
    const provider = await api().call<ListBody>('GET', '/business/search?org_id=2&per_page=100', { as: 'PROVIDER' });
    expect(new Set(provider.body.businesses.map((business) => business.org_id))).toEqual(new Set([1, 2]));
  });

  it('answers a feedback search as if it had no filter', async () => {
    const all = await api().call<FeedbackBody>('GET', '/feedback/feedback_result');
    const one = all.body.items[0]?.business_id ?? '';
    const filtered = await api().call<FeedbackBody>('GET', `/feedback/feedback_result?business__in=${one}&state__in=treated`);
    expect(filtered.body.count).toBe(all.body.count);
    expect(filtered.body.items.some((item) => item.business_id !== one)).toBe(true);
  });

  // The spec documents no org_id on message templates: "the templates of the caller's organization".
  it("answers message templates as if org_id were not given: the caller's own, every organization's to a PROVIDER", async () => {
    type Templates = { org_id: number }[];
    const provider = await api().call<Templates>('GET', '/messaging/templates?org_id=2', { as: 'PROVIDER' });
    expect(provider.status).toBe(200);
    expect(new Set(provider.body.map((template) => template.org_id))).toEqual(new Set([1, 2]));
    const admin = await api().call<Templates>('GET', '/messaging/templates?org_id=2');
    expect(admin.status).toBe(200);
    expect(new Set(admin.body.map((template) => template.org_id))).toEqual(new Set([1]));
  });

  it('answers a geo location search as if it had no filter but org_id', async () => {
    const search = '/geo-oauth-accounts/locations/search';
    const all = await api().call<{ count: number; locations: { id: string }[] }>('GET', `${search}?org_id=1`, { as: 'PROVIDER' });
    const one = all.body.locations[0]?.id ?? '';
    const filtered = await api().call<{ count: number }>('GET', `${search}?org_id=1&location_id=${one}&verification_status=none&not_connected=maybe&oauth_account_id=nope`, { as: 'PROVIDER' });
    expect(filtered).toMatchObject({ status: 200, body: { count: all.body.count } });
    expect(all.body.count).toBe(api().emulator.state.geoLocations.filter((location) => location.org_id === 1).length);
  });
});

describe('quirk cap-per-page', () => {
  const api = useEmulator({ 'cap-per-page': 10 });

  it('serves a per_page above the cap as the cap, and pages by it', async () => {
    const capped = await api().call<ListBody>('GET', '/business/search?per_page=100');
    expect(capped.body.businesses).toHaveLength(10);
    expect(capped.body.max_page).toBe(Math.ceil(capped.body.count / 10));
    const user = api().emulator.users.ORG_ADMIN;
    expect((await api().call<ListBody>('GET', `/user/${user}/businesses?per_page=50`)).body.businesses).toHaveLength(10);
    expect((await api().call<ListBody>('GET', '/business/search?per_page=5')).body.businesses).toHaveLength(5);
  });
});

describe('quirk ignore-page', () => {
  const api = useEmulator({ 'ignore-page': true });

  it('serves page 1 whatever page is asked, businesses and feedback alike', async () => {
    const first = await api().call<ListBody>('GET', '/business/search?per_page=10');
    const second = await api().call<ListBody>('GET', '/business/search?per_page=10&page=2');
    expect(first.body.max_page).toBeGreaterThan(1);
    expect(second.body.page).toBe(1);
    expect(second.body.businesses).toEqual(first.body.businesses);
    const feedback = await api().call<FeedbackBody>('GET', '/feedback/feedback_result?page=3');
    expect(feedback.body.page).toBe(1);
    expect(feedback.body.items).toEqual((await api().call<FeedbackBody>('GET', '/feedback/feedback_result')).body.items);
  });
});

describe('quirk redirect-writes', () => {
  const api = useEmulator({ 'redirect-writes': DEFAULT_REDIRECT_BASE });

  it('answers every write 302 to the same path elsewhere and applies nothing; reads are served', async () => {
    const business = firstBusiness(api());
    const name = business.name;
    const res = await api().call('POST', `/business/${business.id}`, { body: { name: 'Moved' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`https://moved.invalid/v2/business/${business.id}`);
    expect(business.name).toBe(name);
    expect((await api().call('POST', '/org/1', { body: { name: 'X' } })).status).toBe(302);
    expect((await api().call('GET', '/business/search')).status).toBe(200);
  });
});

describe('quirk long-retry-after', () => {
  const api = useEmulator({ 'long-retry-after': true }, { ratePerMinute: 2 });

  it('asks for a day in every 429, the rate limiter’s and scripted ones', async () => {
    const statuses: number[] = [];
    let last: Headers | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await api().call('GET', '/business/search?per_page=1');
      statuses.push(res.status);
      last = res.headers;
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last?.get('retry-after')).toBe('86400');
    api().emulator.faults.script = () => ({ status: 429, headers: { 'retry-after': '1' } });
    expect((await api().call('GET', '/custom_fields', { as: 'PROVIDER' })).headers.get('retry-after')).toBe('86400');
  });
});

// The spec: a feedback result's `created` is ISO 8601 with an offset, which need not be UTC nor hold minutes.
describe('quirk local-offsets', () => {
  const api = useEmulator({ 'local-offsets': true });

  it('says the dates of feedback results and their comments at UTC+02, with an hour-only offset, at the instant stored', async () => {
    type Dated = { id: number; created: string; comments: { created: string }[] };
    const { body } = await api().call<{ items: Dated[] }>('GET', '/feedback/feedback_result');
    const stored = new Map(api().emulator.state.feedbackResults.map((result) => [result.id, result]));
    const [first] = body.items;
    expect(first?.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+02$/);
    for (const item of body.items) {
      const original = stored.get(item.id);
      expect(Date.parse(`${item.created}:00`)).toBe(Date.parse(original?.created ?? ''));
      expect(item.created.slice(20, 26)).toBe(original?.created.slice(20, 26));
      item.comments.forEach((comment, index) => {
        expect(Date.parse(`${comment.created}:00`)).toBe(Date.parse(original?.comments[index]?.created ?? ''));
      });
    }
    expect(body.items.some((item) => item.comments.length > 0)).toBe(true);
  });
});

describe('parseQuirks', () => {
  it('reads a comma-separated list, with the values some quirks take', () => {
    expect(parseQuirks('replace-nested, nulls,cap-per-page=25,redirect-writes=http://127.0.0.1:9/v2/')).toEqual({
      'replace-nested': true,
      nulls: true,
      'cap-per-page': 25,
      'redirect-writes': 'http://127.0.0.1:9/v2',
    });
    expect(parseQuirks('redirect-writes')).toEqual({ 'redirect-writes': DEFAULT_REDIRECT_BASE });
    expect(parseQuirks('')).toEqual({});
  });

  it('refuses an unknown quirk with a usage error naming the valid ones', () => {
    expect(() => parseQuirks('nulls,ignore-everything')).toThrow(UsageError);
    expect(() => parseQuirks('ignore-everything')).toThrow(
      "unknown quirk 'ignore-everything'. Valid quirks: replace-nested, nulls, real-shapes, unknown-values, ignore-filters, cap-per-page=N, ignore-page, redirect-writes[=URL], long-retry-after, local-offsets.",
    );
    expect(() => parseQuirks('cap-per-page')).toThrow('cap-per-page needs a whole number of 1 or more');
    expect(() => parseQuirks('cap-per-page=0')).toThrow(UsageError);
    expect(() => parseQuirks('nulls=yes')).toThrow('nulls takes no value');
  });
});
