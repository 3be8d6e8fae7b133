import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/api/facts/service-facts.js';
import type { FeedbackResult } from '../../src/emulator/state-types.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

interface ResultPage {
  page: number;
  max_page: number;
  count: number;
  items: { id: number; business_id: string; created: string }[];
}

const SPEC_FIELDS = [
  'id',
  'business_id',
  'firstname',
  'lastname',
  'nps',
  'content',
  'state',
  'optin',
  'created',
  'feedback_form',
  'feedback_result_fields',
  'comments',
  'extra',
];

describe('GET /feedback/feedback_result', () => {
  let api: TestEmulator;
  let results: FeedbackResult[];
  beforeAll(async () => {
    api = await startTestEmulator();
    results = api.emulator.state.feedbackResults;
  });
  afterAll(() => api.close());

  /** Ids of every page of a search, in the order served. */
  const searchIds = async (query: string, as: Role = 'PROVIDER'): Promise<number[]> => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call<ResultPage>('GET', `/feedback/feedback_result?${query}&page=${page}`, { as });
      expect(res.status).toBe(200);
      ids.push(...res.body.items.map((item) => item.id));
      if (page >= res.body.max_page) return ids;
    }
  };
  const idsWhere = (keep: (result: FeedbackResult) => boolean): number[] =>
    results
      .filter(keep)
      .sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id)
      .map((result) => result.id);

  it('pages 30 results at a time, treating a page below 1 as 1', async () => {
    const first = await api.call<ResultPage>('GET', '/feedback/feedback_result', { as: 'PROVIDER' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, max_page: 4, count: 120 });
    expect(first.body.items).toHaveLength(30);
    const zero = await api.call<ResultPage>('GET', '/feedback/feedback_result?page=-3', { as: 'PROVIDER' });
    expect(zero.body).toEqual(first.body);
    const last = await api.call<ResultPage>('GET', '/feedback/feedback_result?page=4', { as: 'PROVIDER' });
    expect(last.body.items.map((item) => item.id)).toEqual(idsWhere(() => true).slice(90));
  });

  it("sends the spec's fields only", async () => {
    const res = await api.call<ResultPage>('GET', '/feedback/feedback_result', { as: 'PROVIDER' });
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual([...SPEC_FIELDS].sort());
    const { org_id: _orgId, ...first } = results[0] ?? { org_id: 0 };
    expect(res.body.items[0]).toEqual(first);
  });

  it('shows only results of businesses the caller can read', async () => {
    const { state, users } = api.emulator;
    const publisher = state.users.get(users.PUBLISHER);
    const readable = new Set(publisher?.businessAccess.keys());
    const expected = idsWhere((result) => readable.has(result.business_id));
    expect(expected.length).toBeGreaterThan(0);
    expect(await searchIds('', 'PUBLISHER')).toEqual(expected);
    expect(await searchIds('', 'ORG_ADMIN')).toEqual(idsWhere((result) => result.org_id === 1));
  });

  it('filters by business, state, form and opt-in', async () => {
    const [a, b] = [...new Set(results.map((result) => result.business_id))];
    const form = results[0]?.feedback_form.id ?? '';
    expect(await searchIds(`business__in=${a ?? ''},${b ?? ''}`)).toEqual(idsWhere((r) => r.business_id === a || r.business_id === b));
    expect(await searchIds(`business__notin=${a ?? ''}`)).toEqual(idsWhere((r) => r.business_id !== a));
    expect(await searchIds('state__in=not_treated')).toEqual(idsWhere((r) => r.state === 'not_treated'));
    expect(await searchIds('state__in=treated,not_treated')).toEqual(idsWhere(() => true));
    expect(await searchIds(`feedback_form__in=${form}`)).toEqual(idsWhere((r) => r.feedback_form.id === form));
    expect(await searchIds('optin=true')).toEqual(idsWhere((r) => r.optin));
    expect(await searchIds('optin=false')).toEqual(idsWhere((r) => !r.optin));
  });

  it('filters by creation date-time, either bound included, reading offsets', async () => {
    const from = results[10]?.created ?? '';
    const to = results[20]?.created ?? '';
    const expected = idsWhere((r) => Date.parse(r.created) >= Date.parse(from) && Date.parse(r.created) <= Date.parse(to));
    expect(expected).toHaveLength(11);
    expect(await searchIds(`created__gte=${encodeURIComponent(from)}&created__lte=${encodeURIComponent(to)}`)).toEqual(expected);
    // The same instant in another zone and notation: 05:30 ahead, offset without a colon.
    const shifted = new Date(Date.parse(from) + 19_800_000).toISOString().replace('Z', '+0530');
    expect(await searchIds(`created__gte=${encodeURIComponent(shifted)}&created__lte=${encodeURIComponent(to)}`)).toEqual(expected);
    // Without an offset, UTC.
    const naive = from.replace('+00:00', '');
    expect(await searchIds(`created__gte=${encodeURIComponent(naive)}&created__lte=${encodeURIComponent(to)}`)).toEqual(expected);
  });

  it('filters by NPS bounds and accepted values', async () => {
    expect(await searchIds('nps__gte=9')).toEqual(idsWhere((r) => r.nps >= 9));
    expect(await searchIds('nps__lte=3')).toEqual(idsWhere((r) => r.nps <= 3));
    expect(await searchIds('nps__gte=7&nps__lte=7')).toEqual(idsWhere((r) => r.nps === 7));
    expect(await searchIds('nps__in=0,5,10')).toEqual(idsWhere((r) => [0, 5, 10].includes(r.nps)));
  });

  it('keeps results whose text holds every word, in any case', async () => {
    const expected = idsWhere((r) => r.content.toLowerCase().includes('bread') && r.content.toLowerCase().includes('staff'));
    expect(expected.length).toBeGreaterThan(0);
    expect(await searchIds('content__contains=STAFF%20Bread')).toEqual(expected);
    expect(await searchIds('content__contains=bread%20nowhere')).toEqual([]);
    expect(await searchIds('content__contains=perfect')).toEqual(idsWhere((r) => r.content.includes('Perfect')));
  });

  it('reports every invalid filter at once, in the feedback validation shape', async () => {
    const res = await api.call(
      'GET',
      '/feedback/feedback_result?state__in=treated,open&created__gte=yesterday&created__lte=2025-02-30&nps__gte=eleven&nps__lte=11&nps__in=3,-1&optin=maybe&page=two',
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: [
        { loc: ['query', 'state__in', 1], msg: "Input should be 'treated' or 'not_treated'", type: 'enum' },
        { loc: ['query', 'created__gte'], msg: 'Input should be a valid datetime', type: 'datetime_parsing' },
        { loc: ['query', 'created__lte'], msg: 'Input should be a valid datetime', type: 'datetime_parsing' },
        { loc: ['query', 'nps__gte'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' },
        { loc: ['query', 'nps__lte'], msg: 'Input should be less than or equal to 10', type: 'less_than_equal' },
        { loc: ['query', 'nps__in', 1], msg: 'Input should be greater than or equal to 0', type: 'greater_than_equal' },
        { loc: ['query', 'optin'], msg: 'Input should be a valid boolean, unable to interpret input', type: 'bool_parsing' },
        { loc: ['query', 'page'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' },
      ],
    });
  });

  it('accepts only true or false for optin', async () => {
    for (const optin of ['constructor', '1']) {
      const res = await api.call('GET', `/feedback/feedback_result?optin=${optin}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: [{ loc: ['query', 'optin'], msg: 'Input should be a valid boolean, unable to interpret input', type: 'bool_parsing' }],
      });
    }
  });

  it('needs the feedback_read permission on a restricted key', async () => {
    expect((await api.call('GET', '/feedback/feedback_result', { as: addRestrictedKey(api, ['business_read']) })).status).toBe(403);
    expect((await api.call('GET', '/feedback/feedback_result', { as: addRestrictedKey(api, ['feedback_read']) })).status).toBe(200);
  });
});

describe('GET /feedback/feedback_result order', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ feedback: 5 });
  });
  afterAll(() => api.close());

  it('serves results by creation date-time, then id, whatever the order they were stored in', async () => {
    const results = api.emulator.state.feedbackResults;
    const [r0, r1, r2, r3, r4] = results;
    if (r0 === undefined || r1 === undefined || r2 === undefined || r3 === undefined || r4 === undefined) throw new Error('the seed has too few results');
    results.push({ ...r0, id: 1, created: r2.created }, { ...r0, id: 2000, created: '2020-01-01T00:00:00.000000+00:00' });
    const res = await api.call<ResultPage>('GET', '/feedback/feedback_result', { as: 'PROVIDER' });
    expect(res.body.items.map((item) => item.id)).toEqual([2000, r0.id, r1.id, 1, r2.id, r3.id, r4.id]);
  });
});
