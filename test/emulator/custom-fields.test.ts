import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomField, CustomFieldSection } from '../../src/emulator/state-types.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

interface CustomFieldsBody {
  custom_fields: { id: number; name: string; order: number; section_id: number; section_name: string }[];
  sections: { id: number; name: string; order: number }[];
}

/** The seeded definitions of one organization, looked up by name. */
function seeded(api: TestEmulator, orgId: number) {
  const { customFields, customFieldSections } = api.emulator.state;
  const field = (name: string): CustomField => {
    const found = customFields.find((candidate) => candidate.org_id === orgId && candidate.name === name);
    if (found === undefined) throw new Error(`no custom field ${name} in organization ${orgId}`);
    return found;
  };
  const section = (name: string): CustomFieldSection => {
    const found = customFieldSections.find((candidate) => candidate.org_id === orgId && candidate.name === name);
    if (found === undefined) throw new Error(`no section ${name} in organization ${orgId}`);
    return found;
  };
  return { field, section };
}

/** The smallest reorder body: `orders` is required. */
const NOTHING_MOVES = { orders: [] };

const names = (body: CustomFieldsBody): string[] => body.custom_fields.map((field) => field.name);

describe('GET /custom_fields', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator();
  });
  afterAll(() => api.close());

  it('lists the definitions by section order then order, with section names and type constraints', async () => {
    const { field, section } = seeded(api, 1);
    const details = section('Store details');
    const offer = section('Offer');
    const at = (name: string, inSection: CustomFieldSection, order: number) => ({
      id: field(name).id,
      name,
      slug: name.replace(/_/g, '-'),
      order,
      section_id: inSection.id,
      section_name: inSection.name,
    });
    const res = await api.call('GET', '/custom_fields', { as: 'PUBLISHER' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      custom_fields: [
        { ...at('has_parking', details, 1), type: 'BOOLEAN' },
        { ...at('manager_note', details, 2), type: 'TEXT', max_len: 200 },
        { ...at('seats', details, 3), type: 'INTEGER', min: 0, max: 500 },
        { ...at('surface_m2', details, 4), type: 'FLOAT', min: 0, max: 10000 },
        { ...at('store_format', offer, 5), type: 'SINGLE_SELECT', possible_values: ['express', 'classic', 'flagship'] },
        {
          ...at('payment_methods', offer, 6),
          type: 'MULTIPLE_SELECT',
          possible_values: ['cash', 'card', 'contactless', 'check', 'meal_voucher'],
          max_selected_values: 4,
        },
        {
          ...at('labels', offer, 7),
          type: 'MULTIPLE_SELECT_IMAGE',
          possible_values: ['organic', 'fair_trade', 'local_produce'],
          max_selected_values: 2,
        },
        { ...at('gallery', offer, 8), type: 'IMAGES_UPLOADER', text_fields: ['caption', 'alt'] },
      ],
      sections: [
        { id: details.id, name: 'Store details', order: 1 },
        { id: offer.id, name: 'Offer', order: 2 },
      ],
    });
  });

  it('needs org_id from a PROVIDER and answers for the organization named', async () => {
    expect(await api.call('GET', '/custom_fields', { as: 'PROVIDER' })).toMatchObject({
      status: 400,
      body: { errors: { json: { org_id: ['Required for PROVIDER users.'] } } },
    });
    const other = await api.call<CustomFieldsBody>('GET', '/custom_fields?org_id=2', { as: 'PROVIDER' });
    expect(other.status).toBe(200);
    expect(other.body.custom_fields.map((field) => field.id)).toContain(seeded(api, 2).field('seats').id);
    expect(other.body.custom_fields.map((field) => field.id)).not.toContain(seeded(api, 1).field('seats').id);
  });

  it('lets only a PROVIDER address another organization, and knows which exist', async () => {
    expect((await api.call('GET', '/custom_fields?org_id=1')).status).toBe(200);
    expect(await api.call('GET', '/custom_fields?org_id=2')).toMatchObject({ status: 403, body: { errors: { authorization: 'Operation not allowed' } } });
    expect(await api.call('GET', '/custom_fields?org_id=42', { as: 'PROVIDER' })).toMatchObject({
      status: 404,
      body: { errors: { json: 'Resource not found' } },
    });
  });

  it('needs the custom_fields_read permission on a restricted key', async () => {
    expect((await api.call('GET', '/custom_fields', { as: addRestrictedKey(api, ['business_read']) })).status).toBe(403);
    expect((await api.call('GET', '/custom_fields', { as: addRestrictedKey(api, ['custom_fields_read']) })).status).toBe(200);
  });
});

describe('POST /custom_fields/order', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator();
  });
  afterAll(() => api.close());

  const list = async (orgId = 1) =>
    (await api.call<CustomFieldsBody>('GET', `/custom_fields?org_id=${orgId}`, { as: 'PROVIDER' })).body;

  it('reorders fields and sections, moves a field to another section, and a following GET shows it', async () => {
    const { field, section } = seeded(api, 1);
    const offer = section('Offer');
    const res = await api.call('POST', '/custom_fields/order', {
      body: {
        orders: [
          { id: field('seats').id, order: 0, section_id: offer.id },
          { id: field('gallery').id, order: 1, section_id: offer.id },
        ],
        section_orders: [{ id: offer.id, order: 0 }],
      },
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'success' } });
    const after = await list();
    expect(after.sections.map((item) => item.name)).toEqual(['Offer', 'Store details']);
    expect(names(after)).toEqual([
      'seats',
      'gallery',
      'store_format',
      'payment_methods',
      'labels',
      'has_parking',
      'manager_note',
      'surface_m2',
    ]);
    expect(after.custom_fields[0]).toMatchObject({ name: 'seats', order: 0, section_id: offer.id, section_name: 'Offer' });
  });

  it('answers not found for an unknown field or section, or one of another organization, and applies nothing', async () => {
    const { field, section } = seeded(api, 1);
    const other = seeded(api, 2);
    const before = await list();
    const move = { id: field('labels').id, order: 99, section_id: section('Store details').id };
    for (const body of [
      { orders: [move, { id: 999_999, order: 1, section_id: section('Offer').id }] },
      { orders: [move, { id: other.field('seats').id, order: 1, section_id: section('Offer').id }] },
      { orders: [move, { id: field('seats').id, order: 1, section_id: 999_999 }] },
      { orders: [move], section_orders: [{ id: other.section('Offer').id, order: 5 }] },
    ]) {
      expect(await api.call('POST', '/custom_fields/order', { body })).toMatchObject({
        status: 404,
        body: { errors: { json: 'Resource not found' } },
      });
    }
    expect(await list()).toEqual(before);
  });

  it('reports invalid shapes in errors.json', async () => {
    const res = await api.call('POST', '/custom_fields/order', {
      body: { orders: [{ id: 'x', order: 1.5 }], section_orders: 'first', extra: true },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: {
        json: {
          extra: ['Unknown field.'],
          orders: {
            '0': {
              id: ['Invalid input: expected number, received string'],
              order: ['Invalid input: expected int, received number'],
              section_id: ['Invalid input: expected number, received undefined'],
            },
          },
          section_orders: ['Invalid input: expected array, received string'],
        },
      },
    });
  });

  // The published description (2021) requires orders; an empty list moves sections only.
  it('requires orders, an empty list when only sections move', async () => {
    const { section } = seeded(api, 1);
    const sectionOrders = [{ id: section('Store details').id, order: 7 }];
    expect(await api.call('POST', '/custom_fields/order', { body: { section_orders: sectionOrders } })).toMatchObject({
      status: 400,
      body: { errors: { json: { orders: ['Invalid input: expected array, received undefined'] } } },
    });
    expect(section('Store details').order).not.toBe(7);
    expect((await api.call('POST', '/custom_fields/order', { body: { orders: [], section_orders: sectionOrders } })).status).toBe(200);
    expect(section('Store details').order).toBe(7);
  });

  it('refuses the same id twice in a list', async () => {
    const { field, section } = seeded(api, 1);
    const item = { id: field('seats').id, order: 1, section_id: section('Offer').id };
    const res = await api.call('POST', '/custom_fields/order', { body: { orders: [item, { ...item, order: 2 }] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { json: { orders: { '1': { id: ['Listed more than once.'] } } } } });
  });

  it('lets organization administrators and the provider reorder, no one else', async () => {
    for (const role of ['ORG_MANAGER', 'GROUP_MANAGER', 'BUSINESS_MANAGER', 'PUBLISHER'] as const) {
      expect(await api.call('POST', '/custom_fields/order', { as: role, body: NOTHING_MOVES })).toMatchObject({
        status: 403,
        body: { errors: { authorization: 'Operation not allowed' } },
      });
    }
    expect((await api.call('POST', '/custom_fields/order', { body: NOTHING_MOVES })).status).toBe(200);
  });

  it('lets only a PROVIDER address another organization, which it must name', async () => {
    const other = seeded(api, 2);
    const body = { orders: [{ id: other.field('has_parking').id, order: 50, section_id: other.section('Store details').id }] };
    expect((await api.call('POST', '/custom_fields/order?org_id=2', { body })).status).toBe(403);
    expect((await api.call('POST', '/custom_fields/order', { as: 'PROVIDER', body })).status).toBe(400);
    expect((await api.call('POST', '/custom_fields/order?org_id=2', { as: 'PROVIDER', body })).status).toBe(200);
    const inSection = (await list(2)).custom_fields.filter((field) => field.section_name === 'Store details');
    expect(inSection.map((field) => field.name).at(-1)).toBe('has_parking');
  });

  it('needs the custom_fields_edit permission on a restricted key', async () => {
    expect((await api.call('POST', '/custom_fields/order', { as: addRestrictedKey(api, ['custom_fields_read']), body: NOTHING_MOVES })).status).toBe(403);
    expect((await api.call('POST', '/custom_fields/order', { as: addRestrictedKey(api, ['custom_fields_edit']), body: NOTHING_MOVES })).status).toBe(200);
  });
});
