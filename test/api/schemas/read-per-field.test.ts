import { describe, expect, it } from 'vitest';
import { AttributesSchema } from '../../../src/api/schemas/attributes.js';
import { BusinessPageSchema } from '../../../src/api/schemas/business-results.js';
import { FeedbackPageSchema } from '../../../src/api/schemas/feedback-results.js';
import { GeoLocationPageSchema } from '../../../src/api/schemas/geo-locations.js';
import { MessageTemplatesSchema } from '../../../src/api/schemas/message-templates.js';
import { describeOddValue, findOddValues, OddValue, reviveOddValue, saveOddValue } from '../../../src/api/schemas/reading/odd-value.js';
import { businessReadSchema } from '../../../src/api/schemas/business-read.js';
import { servicesAnswerFor, ServicesSchema } from '../../../src/api/schemas/services.js';

const page = { page: 1, max_page: 1, count: 1 };

const result = {
  id: 1,
  business_id: 'b1',
  firstname: 'Ana',
  lastname: 'Lima',
  nps: 9,
  content: 'ok',
  state: 'treated',
  optin: true,
  created: '2026-01-01T10:00:00+01:00',
  feedback_form: { id: 'f', display_name: 'F' },
  feedback_result_fields: [],
  comments: [],
  extra: {},
};
const comment = { id: 1, created: '2026-01-01T10:00:00+01:00', author_name: 'Team', content: 'x', is_reply_suggestion: false };
const answer = { rating: 5, content: null, choices: null, feedback_form_field: { id: 'x', field_type: 'CSAT', field_label: 'Satisfaction', field_choices: null } };

describe('feedback results are read field by field', () => {
  it.each([
    ['a null firstname', { firstname: null }, { firstname: undefined }],
    ['a null content and nps', { content: null, nps: null }, { content: undefined, nps: undefined }],
    ['a state the spec does not name, as its text', { state: 'archived' }, { state: 'archived' }],
    ['null comments and extra, no form', { comments: null, extra: null, feedback_form: null }, { comments: [], extra: undefined, feedback_form: undefined }],
    ['a null extra value', { extra: { store: null } }, { extra: { store: undefined } }],
    ['a comment without its author', { comments: [{ ...comment, author_name: null }] }, { comments: [{ ...comment, author_name: undefined }] }],
    [
      'a form field without a label',
      { feedback_result_fields: [{ ...answer, feedback_form_field: { ...answer.feedback_form_field, field_label: null } }] },
      { feedback_result_fields: [{ ...answer, content: undefined, choices: undefined, feedback_form_field: { ...answer.feedback_form_field, field_label: undefined } }] },
    ],
  ])('%s', (_name, change, read) => {
    const parsed = FeedbackPageSchema.parse({ ...page, items: [{ ...result, ...change }] });
    expect(parsed.unreadable).toEqual([]);
    expect(parsed.items[0]).toMatchObject(read);
  });

  it('keeps a value that fits nothing in place, and sets aside only a result without its id or business', () => {
    const parsed = FeedbackPageSchema.parse({ ...page, items: [{ ...result, nps: 'nine', extra: { store: 12 } }, { ...result, id: null }, { ...result, id: 2, business_id: null }] });
    expect(parsed.items[0]?.nps).toStrictEqual(new OddValue('nine', 'a number'));
    expect(parsed.items[0]?.extra).toStrictEqual({ store: new OddValue(12, 'a text') });
    expect(parsed.unreadable.map(({ id, problem }) => [id, problem])).toEqual([
      [undefined, 'id is null (expected a number)'],
      ['2', 'business_id is null (expected a text)'],
    ]);
  });
});

describe('services, attributes, geo locations and templates need only what names them', () => {
  const service = { service_id: 7, type: 'FREE_FORM_SERVICE_ITEM', name: 'Cakes', price: 12, description: 'd', category_geo_name: 'gcid:bakery' };

  it('reads a service without a price or with a null category, and sets aside one without a service_id', () => {
    const { services } = ServicesSchema.parse({ services: [{ ...service, price: undefined }, { ...service, service_id: 8, category_geo_name: null }, { ...service, service_id: null }] });
    expect(services.items).toEqual([
      { ...service, price: undefined },
      { ...service, service_id: 8, category_geo_name: undefined },
    ]);
    expect(services.unreadable.map(({ problem }) => problem)).toEqual(['service_id is null (expected a number)']);
  });

  it('reads an attribute without a value as unset, and a selection said as null as empty', () => {
    const { attributes } = AttributesSchema.parse({
      attributes: [
        { type: 'BOOL', geo_id: 'has_wifi' },
        { type: 'REPEATABLE_ENUM', geo_id: 'pay', value: { set_values: null, unset_values: ['visa'] } },
      ],
    });
    expect(attributes).toEqual({
      items: [
        { type: 'BOOL', geo_id: 'has_wifi', value: null },
        { type: 'REPEATABLE_ENUM', geo_id: 'pay', value: { set_values: [], unset_values: ['visa'] } },
      ],
      unreadable: [],
    });
  });

  it('reads a geo location without a place_id or a verification, and a template without an icon', () => {
    const location = { id: 'l1', location_name: 'n', store_code: null, place_id: null, google_verifications: null, phone_numbers: 42 };
    const locations = GeoLocationPageSchema.parse({ ...page, locations: [location] });
    expect(locations.unreadable).toEqual([]);
    expect(locations.locations[0]).toMatchObject({ id: 'l1', store_code: undefined, place_id: undefined, google_verifications: undefined });
    expect(locations.locations[0]?.phone_numbers).toStrictEqual(new OddValue(42, 'a text'));
    const templates = MessageTemplatesSchema.parse([{ id: 't', title: 'x', content: '{"text":"hi","_version":"0.1"}', icon: null, org_id: 1, created_at: 'a', updated_at: 'b', usage_count: 0 }]);
    expect(templates.unreadable).toEqual([]);
    expect(templates.items[0]?.icon).toBeUndefined();
  });

  it('reads a business that has no code key as one without a store code', () => {
    const businesses = BusinessPageSchema.parse({ ...page, count: 2, businesses: [{ id: 'b1', org_id: 1 }, { id: 'b2', org_id: 1, code: 'A' }] });
    expect(businesses.unreadable).toEqual([]);
    expect(businesses.businesses.map(({ code }) => code)).toEqual([null, 'A']);
  });
});

describe('what names an item, said in the other JSON type', () => {
  it('reads a whole number said as text, or a text id said as a whole number, as the same value, and nothing else', () => {
    const businesses = BusinessPageSchema.parse({ ...page, businesses: [{ id: 4242, org_id: '1', code: 1234 }, { id: 'b1', org_id: '1.5' }, { id: 'b2', org_id: 1, code: 12.5 }] });
    expect(businesses.businesses).toEqual([{ id: '4242', org_id: 1, code: '1234' }]);
    expect(businesses.unreadable.map(({ id, problem }) => [id, problem])).toEqual([
      ['b1', 'org_id is "1.5" (expected a number)'],
      ['b2', 'code is 12.5 (expected a text)'],
    ]);
    const feedback = FeedbackPageSchema.parse({ ...page, items: [{ ...result, id: '7', business_id: 42 }] });
    expect(feedback.items[0]).toMatchObject({ id: 7, business_id: '42' });
    const services = ServicesSchema.parse({ services: [{ service_id: '103' }] });
    expect(services.services.items[0]?.service_id).toBe(103);
  });
});

describe('the answer of a service set', () => {
  const stored = { service_id: 103, type: 'STRUCTURED_SERVICE_ITEM', name: 'Catering', price: 18, description: 'old', category_geo_name: 'gcid:bakery' };
  const issuesOf = (sent: Parameters<typeof servicesAnswerFor>[0], services: unknown[]) =>
    servicesAnswerFor(sent)
      .safeParse({ services })
      .error?.issues.map(({ message }) => message);

  it('must hold the price and description sent, in some category of the service', () => {
    expect(issuesOf({ service_id: 103, price: 50 }, [stored])).toEqual(['lists service 103 with price 18, not the 50 sent']);
    expect(issuesOf({ service_id: 103, description: 'new' }, [stored])).toEqual(['lists service 103 with description "old", not the "new" sent']);
    expect(issuesOf({ service_id: 103, price: 50 }, [])).toEqual(['does not list the service set (103)']);
    // A free-form service is set in one category: the others keep theirs.
    expect(issuesOf({ service_id: 103, price: 50 }, [stored, { ...stored, price: 50, category_geo_name: 'gcid:cafe' }])).toBeUndefined();
    // What the request left out, or the answer does not say, cannot be compared.
    expect(issuesOf({ service_id: 103, price: 18 }, [{ ...stored, description: null }])).toBeUndefined();
    expect(issuesOf({ service_id: 103, description: 'new' }, [{ ...stored, description: null }])).toBeUndefined();
  });

  it('is not confirmed by a listing or a value in no shape the client reads', () => {
    expect(issuesOf({ service_id: 103, price: 50 }, [{ ...stored, price: '50,00' }])).toEqual(['lists service 103 with price "50,00", not the 50 sent']);
    // A price said as decimal text, as some frameworks write decimals, is that number.
    expect(issuesOf({ service_id: 103, price: 50 }, [{ ...stored, price: '50.00' }])).toBeUndefined();
    expect(issuesOf({ service_id: 103, price: 50 }, [{ ...stored, price: [50] }])).toEqual(['lists service 103 with price [50], not the 50 sent']);
    expect(issuesOf({ service_id: 103, price: 50 }, [{ ...stored, service_id: 'catering', price: 50 }])).toEqual(['does not list the service set (103)']);
    // Its id said as text is the service set.
    expect(issuesOf({ service_id: 103, price: 50 }, [{ ...stored, service_id: '103', price: 50 }])).toBeUndefined();
  });
});

describe('an odd value saved as JSON', () => {
  it('reads back as an odd value', () => {
    const saved = JSON.stringify({ items: [{ nps: new OddValue('nine', 'a number'), firstname: undefined }] }, saveOddValue);
    expect(JSON.parse(saved, reviveOddValue)).toStrictEqual({ items: [{ nps: new OddValue('nine', 'a number') }] });
  });
});

describe('a business whose empty maps come as empty lists (PHP writes an empty map as [])', () => {
  it('reads them as empty objects, not as values it cannot read', () => {
    const read = businessReadSchema([]).parse({ id: 'b1', org_id: 1, photos: [], specific_hours: [], open_hours: [], custom_fields: [] });
    expect(findOddValues(read)).toEqual([]);
    expect(read).toMatchObject({ photos: {}, specific_hours: {}, open_hours: {}, custom_fields: {} });
  });
});

describe('an odd value that holds the part that did not read', () => {
  it('says where in it that part is, and what was expected there', () => {
    const gallery = { id: 5, name: 'gallery', type: 'IMAGES_UPLOADER' as const, order: 1, section_id: 1, text_fields: ['caption'] };
    const read = businessReadSchema([gallery]).parse({ id: 'b1', org_id: 1, custom_fields: { gallery: [{ url: null, texts: {} }] } });
    expect(findOddValues(read).map(describeOddValue)).toEqual(['custom_fields.gallery is a list (expected a text at [0].url)']);
    const feedback = FeedbackPageSchema.parse({ ...page, items: [{ ...result, extra: ['x'] }] });
    expect(findOddValues(feedback.items).map(describeOddValue)).toEqual(['0.extra is a list (expected an object)']);
  });
});
