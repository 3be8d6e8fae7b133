import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_TYPES, BUSINESS_STATUSES, CUSTOM_FIELD_TYPES, FEEDBACK_STATES, SERVICE_TYPES } from '../../src/api/facts/service-facts.js';
import { buildImportCatalog } from '../../src/resources/build-import-catalog.js';
import { buildFeedbackCatalog } from '../../src/resources/feedback/feedback-catalog.js';
import { DOT_CONTEXT, type CellContext } from '../../src/resources/cells/cell-context.js';
import type { Column } from '../../src/resources/column.js';
import { formatCell, formatImportCell } from '../../src/resources/cells/format-cell.js';
import { CLEAR_MARK, ClearRequest, readCell } from '../../src/resources/cells/read-cell.js';
import { IMPORT_RESOURCE_NAMES } from '../../src/resources/resource-names.js';
import { businessId, category, countryCodes, date, dateRange, decimal, email, phone, text, timeWindow, token, url } from './api-values.js';

/** Names and addresses: their columns trim the spaces a copy-paste leaves around them, and take one line without soft hyphens. */
const words = text()
  .map((value) => value.replace(/[\n\r\u2028\u2029]+/g, ' ').replaceAll('\u00AD', '').trim())
  .filter((value) => value !== '' && value.toLowerCase() !== '#clear');
import { CUSTOM_FIELDS } from './custom-field-definitions.js';

const COMMA_CONTEXT: CellContext = { decimalSeparator: ',' };
const hours = fc.array(timeWindow, { maxLength: 3 });
const integer = fc.integer();
const nullable = <T>(values: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(values, { nil: null });
const timestamp = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => ms / 1000);
const resultFields = fc.array(
  fc.record({
    rating: nullable(fc.integer({ min: 0, max: 10 })),
    content: nullable(text()),
    choices: nullable(fc.array(text(), { maxLength: 2 })),
    feedback_form_field: fc.record({ id: token, field_type: token, field_label: text() }),
  }),
  { maxLength: 2 },
);
const comments = fc.array(fc.record({ id: integer, created: text(), author_name: text(), content: text(), is_reply_suggestion: fc.boolean() }), {
  maxLength: 2,
});

/** API values of every column of every resource, by header: a column without an entry fails the test. */
const VALUES: Record<string, fc.Arbitrary<unknown>> = {
  business_id: businessId,
  code: token,
  name: words,
  status: fc.constantFrom(...BUSINESS_STATUSES),
  categories: fc.uniqueArray(category, { minLength: 1, maxLength: 3 }),
  groups: fc.uniqueArray(fc.integer({ min: 0 }), { maxLength: 3 }),
  org_id: integer,
  country: fc.constantFrom(...countryCodes),
  region: words,
  city: words,
  zipcode: token,
  address2: fc.oneof(words, fc.constant('')),
  address_full: fc.oneof(words, fc.constant('')),
  lat: decimal(-90, 90),
  long: decimal(-180, 180),
  opening_date: date,
  website_url: url,
  network_a_url: url,
  network_b_url: url,
  description_short: fc.oneof(text(80), fc.constant('')),
  description_long: fc.oneof(text(750), fc.constant('')),
  national_identification_number: fc.oneof(token, fc.constant('')),
  'contacts.0.name': fc.oneof(words, fc.constant('')),
  'contacts.0.email': email,
  'contacts.0.phone_numbers': fc.uniqueArray(phone, { maxLength: 3 }),
  'contacts.0.fax': fc.oneof(phone, fc.constant('')),
  'photos.LOGO': url,
  'photos.primary': url,
  'photos.secondary': fc.uniqueArray(url, { maxLength: 3 }),
  'open_hours.monday': hours,
  'open_hours.tuesday': hours,
  'open_hours.wednesday': hours,
  'open_hours.thursday': hours,
  'open_hours.friday': hours,
  'open_hours.saturday': hours,
  'open_hours.sunday': hours,
  'specific_hours.close': fc.array(dateRange, { maxLength: 3 }),
  'specific_hours.open': fc.array(
    fc.tuple(dateRange, fc.array(timeWindow, { minLength: 1, maxLength: 3 })).map(([range, windows]) => ({ ...range, open_hours: windows })),
    { maxLength: 3 },
  ),
  'custom_fields.has_parking': nullable(fc.boolean()),
  'custom_fields.manager_note': nullable(text(30)),
  'custom_fields.seats': nullable(fc.integer({ min: 0, max: 500 })),
  'custom_fields.surface_m2': nullable(decimal(0, 10_000)),
  'custom_fields.store_format': nullable(fc.constantFrom('express', 'classic', 'flagship')),
  'custom_fields.payment_methods': fc.shuffledSubarray(['cash', 'card', 'contactless', 'check', 'meal_voucher'], { maxLength: 4 }),
  'custom_fields.labels': fc.shuffledSubarray(['organic', 'fair_trade', 'local_produce'], { maxLength: 2 }),
  'custom_fields.gallery': fc.array(fc.record({ url, texts: fc.record({ caption: text(), alt: text() }, { requiredKeys: [] }) }), { maxLength: 2 }),
  'custom_fields.opening.year': nullable(integer),
  address: nullable(text()),
  created: timestamp,
  modified: timestamp,
  default_lang: nullable(token),
  geo_location_id: nullable(token),
  network_a_page_id: nullable(token),
  logo_url: nullable(url),
  completion_rate: fc.integer({ min: 0, max: 100 }),
  features: fc.array(token, { maxLength: 3 }),
  'subscriptions.presence_management': fc.boolean(),
  'subscriptions.review_management': fc.boolean(),
  'subscriptions.review_booster': fc.boolean(),
  'subscriptions.messages': fc.boolean(),
  service_id: integer,
  // A price is never set to null: the contract types it as a number (a service without one exports an empty cell).
  price: decimal(0, 1e6),
  description: fc.oneof(text(300), fc.constant('')),
  'services/name': text(),
  'services/type': fc.constantFrom(...SERVICE_TYPES),
  category_geo_name: category,
  geo_id: token,
  'attributes/type': fc.constantFrom(...ATTRIBUTE_TYPES),
  value: fc.oneof(token, url, fc.constantFrom('true', 'false')),
  'value.set_values': fc.array(token, { maxLength: 3 }),
  'value.unset_values': fc.array(token, { maxLength: 3 }),
  'custom-field-order/id': integer,
  order: integer,
  section_id: integer,
  section_order: integer,
  'custom-field-order/name': text(),
  'custom-field-order/type': fc.constantFrom(...CUSTOM_FIELD_TYPES),
  section_name: nullable(text()),
  'feedback/id': integer,
  'feedback/business_id': text(),
  'feedback/created': text(),
  nps: fc.integer({ min: 0, max: 10 }),
  state: fc.constantFrom(...FEEDBACK_STATES),
  optin: fc.boolean(),
  firstname: text(),
  lastname: text(),
  content: text(),
  'feedback_form.id': text(),
  'feedback_form.display_name': text(),
  feedback_result_fields: resultFields,
  comments,
  extra: fc.dictionary(token, text(), { maxKeys: 2 }),
};

const CATALOGS = [...IMPORT_RESOURCE_NAMES.map((resource) => buildImportCatalog(resource, CUSTOM_FIELDS)), buildFeedbackCatalog()];
const COLUMNS = CATALOGS.flatMap(({ resource, columns }) => columns.map((column) => ({ resource, column })));

function valuesOf(resource: string, column: Column): fc.Arbitrary<unknown> {
  const values = VALUES[`${resource}/${column.header}`] ?? VALUES[column.header];
  if (values === undefined) throw new Error(`no API values for ${resource} column ${column.header}`);
  return values;
}

// The cell that sets a value (undo files, plans) reads back to it; an export writes the same cell, but an empty value as an empty cell.
describe('every column round-trips', () => {
  it.each(COLUMNS.map(({ resource, column }) => [`${resource} ${column.header}`, resource, column] as const))(
    '%s: parse(format(v)) == v and format(parse(x)) == x',
    (_name, resource, column) => {
      fc.assert(
        fc.property(valuesOf(resource, column), fc.constantFrom(DOT_CONTEXT, COMMA_CONTEXT), (value, context) => {
          const cell = formatImportCell(column, value, context);
          expect(readCell(column, cell, context)).toEqual({ value });
          expect(formatImportCell(column, value, context)).toBe(cell);
          expect(formatCell(column, value, context)).toBe(cell === CLEAR_MARK ? '' : cell);
        }),
        { numRuns: 60 },
      );
    },
  );
});

function columnOf(header: string): Column {
  const found = CATALOGS[0]?.columns.find((column) => column.header === header);
  if (found === undefined) throw new Error(`no column ${header}`);
  return found;
}

describe('canonical cells read and format back the same', () => {
  it.each([
    ['open_hours.monday', 'closed', []],
    ['open_hours.tuesday', '07:00-13:00,15:00-19:30', ['07:00-13:00', '15:00-19:30']],
    ['open_hours.friday', '18:00-00:00', ['18:00-00:00']],
    ['open_hours.saturday', '00:00-02:00,18:00-00:00', ['00:00-02:00', '18:00-00:00']],
    ['specific_hours.open', '2026-12-31 20:00-00:00', [{ starts_at: '2026-12-31', ends_at: '2026-12-31', open_hours: ['20:00-00:00'] }]],
    ['specific_hours.close', '2026-12-25|2027-08-01..2027-08-15', [{ starts_at: '2026-12-25', ends_at: '2026-12-25' }, { starts_at: '2027-08-01', ends_at: '2027-08-15' }]],
    [
      'specific_hours.open',
      '2026-12-24 07:00-13:00|2026-12-31..2027-01-02 10:00-12:00,14:00-16:00',
      [
        { starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: ['07:00-13:00'] },
        { starts_at: '2026-12-31', ends_at: '2027-01-02', open_hours: ['10:00-12:00', '14:00-16:00'] },
      ],
    ],
    ['specific_hours.close', '#clear', []],
    ['photos.secondary', '#clear', []],
    ['region', '#clear', ''],
    ['address2', '#clear', ''],
    ['custom_fields.has_parking', 'false', false],
    ['custom_fields.has_parking', '#clear', null],
    ['custom_fields.payment_methods', 'card|cash', ['card', 'cash']],
    ['custom_fields.gallery', '[{"url":"https://cdn.example.com/1.jpg","texts":{"caption":"Front"}}]', [{ url: 'https://cdn.example.com/1.jpg', texts: { caption: 'Front' } }]],
    ['contacts.0.phone_numbers', '+33474000000|+33612345678', ['+33474000000', '+33612345678']],
    ['name', '=HYPERLINK("x")', '=HYPERLINK("x")'],
    ['lat', '-45.5', -45.5],
  ])('%s: %j', (header, cell, value) => {
    const column = columnOf(header);
    expect(readCell(column, cell, DOT_CONTEXT)).toEqual({ value });
    expect(formatImportCell(column, value, DOT_CONTEXT)).toBe(cell);
  });

  it.each(['lat', 'zipcode', 'website_url', 'photos.LOGO'])('%s: #clear is a request the import checks against the business, with the reason', (header) => {
    const reading = readCell(columnOf(header), '#clear', DOT_CONTEXT);
    const value = reading !== undefined && 'value' in reading ? reading.value : undefined;
    expect(value).toBeInstanceOf(ClearRequest);
    expect((value as ClearRequest).describe()).toMatch(new RegExp(`^${header.replace('.', '\\.')}: the API documents no way to clear this field \\(`));
  });

  it('writes decimals with the separator of the file', () => {
    const column = columnOf('custom_fields.surface_m2');
    expect(readCell(column, '12,5', COMMA_CONTEXT)).toEqual({ value: 12.5 });
    expect(formatCell(column, 12.5, COMMA_CONTEXT)).toBe('12,5');
    expect(readCell(column, '12.5', COMMA_CONTEXT)).toEqual({ value: 12.5 });
    expect(formatCell(column, 12.5, DOT_CONTEXT)).toBe('12.5');
  });

  it('reads a dot between thousands where decimals follow a comma only as the one number the column takes', () => {
    // 1200 m² written as a German Excel groups thousands, or 1.2 m² typed with a dot: not guessed.
    expect(readCell(columnOf('custom_fields.surface_m2'), '1.200', COMMA_CONTEXT)).toEqual({
      errors: ["custom_fields.surface_m2: reads as 1200 or as 1,2 where decimals follow a comma; write 1200 for thousands, or 1,2, got '1.200'"],
    });
    expect(readCell(columnOf('custom_fields.surface_m2'), '1.200', DOT_CONTEXT)).toEqual({ value: 1.2 });
    // 48856 is no latitude, 2.5 no organization.
    expect(readCell(columnOf('lat'), '48.856', COMMA_CONTEXT)).toEqual({ value: 48.856 });
    expect(readCell(columnOf('long'), '-0.125', COMMA_CONTEXT)).toEqual({ value: -0.125 });
    expect(readCell(columnOf('org_id'), '2.500', COMMA_CONTEXT)).toEqual({ errors: ["org_id: must be a whole number (did you mean 2500?), got '2.500'"] });
  });

  it('leaves a field the API did not give empty, and an empty value that cannot be cleared', () => {
    expect(formatCell(columnOf('custom_fields.seats'), undefined, DOT_CONTEXT)).toBe('');
    expect(formatCell(columnOf('opening_date'), '', DOT_CONTEXT)).toBe('');
  });
});

describe('cells as people type them read into canonical values', () => {
  it.each([
    ['custom_fields.has_parking', 'Oui', true],
    ['custom_fields.has_parking', 'NON', false],
    ['custom_fields.has_parking', 'vrai', true],
    ['custom_fields.has_parking', 'no', false],
    ['custom_fields.has_parking', '1', true],
    // Excel's TRUE and FALSE as German, Spanish and Polish Excel save them in a CSV; yes and no in other languages.
    ['custom_fields.has_parking', 'WAHR', true],
    ['custom_fields.has_parking', 'FALSCH', false],
    ['custom_fields.has_parking', 'VERDADERO', true],
    ['custom_fields.has_parking', 'FAŁSZ', false],
    ['custom_fields.has_parking', 'Ja', true],
    ['custom_fields.has_parking', 'nee', false],
    ['custom_fields.has_parking', 'sí', true],
    // PostgreSQL writes a boolean t or f in a CSV; databases and forms Y and N.
    ['custom_fields.has_parking', 't', true],
    ['custom_fields.has_parking', 'F', false],
    ['custom_fields.has_parking', 'Y', true],
    ['custom_fields.has_parking', 'n', false],
    ['custom_fields.has_parking', true, true],
    ['custom_fields.has_parking', false, false],
    ['custom_fields.has_parking', '#CLEAR', null],
    ['open_hours.monday', '9:00 - 12:00; 14:00-18:00', ['09:00-12:00', '14:00-18:00']],
    ['open_hours.monday', '09:00-12:00 | 14:00-18:00', ['09:00-12:00', '14:00-18:00']],
    ['open_hours.monday', '09:00-12:00 14:00-18:00', ['09:00-12:00', '14:00-18:00']],
    // The dashes autocorrect types for `-`: en dash, em dash, minus sign.
    ['open_hours.monday', '09:00–12:00, 14:00 — 18:00', ['09:00-12:00', '14:00-18:00']],
    ['open_hours.monday', '9:00−18:00', ['09:00-18:00']],
    ['open_hours.monday', 'Closed', []],
    ['open_hours.friday', '18:00-24:00', ['18:00-00:00']],
    ['open_hours.friday', '9:00 - 12:00, 18:00 - 24:00', ['09:00-12:00', '18:00-00:00']],
    ['specific_hours.open', '2026-12-31 10:00-12:00,20:00-24:00', [{ starts_at: '2026-12-31', ends_at: '2026-12-31', open_hours: ['10:00-12:00', '20:00-00:00'] }]],
    ['specific_hours.close', ' 2027-08-01 .. 2027-08-15 | ', [{ starts_at: '2027-08-01', ends_at: '2027-08-15' }]],
    // A range with a dash between its whole dates, as people write one.
    ['specific_hours.close', '2026-12-24 - 2026-12-26|24/12/2026–26/12/2026', [{ starts_at: '2026-12-24', ends_at: '2026-12-26' }, { starts_at: '2026-12-24', ends_at: '2026-12-26' }]],
    ['specific_hours.open', '2026-12-24-2026-12-26 10:00–12:00', [{ starts_at: '2026-12-24', ends_at: '2026-12-26', open_hours: ['10:00-12:00'] }]],
    // A date alone, as a German Excel writes a cell it took for a date.
    ['specific_hours.close', '25.12.2026', [{ starts_at: '2026-12-25', ends_at: '2026-12-25' }]],
    ['status', 'Temporarily closed', 'temporarily_closed'],
    ['country', 'fr', 'FR'],
    ['custom_fields.store_format', 'Flagship', 'flagship'],
    ['custom_fields.payment_methods', 'Meal voucher | CARD', ['meal_voucher', 'card']],
    ['contacts.0.phone_numbers', '+33 4 74 00 00 00|+33.6.12.34.56.78', ['+33474000000', '+33612345678']],
    // The trunk 0 after the country code is not dialled from abroad, bracketed or not.
    ['contacts.0.phone_numbers', '+33 06 41 09 39 57|+33 (0)4 95 21 00 02', ['+33641093957', '+33495210002']],
    // Italy keeps its 0.
    ['contacts.0.phone_numbers', '+39 06 1234 5678', ['+390612345678']],
    ['categories', 'gcid:bakery||gcid:cafe|', ['gcid:bakery', 'gcid:cafe']],
    ['zipcode', ' 01000 ', '01000'],
    // Digits an input method types full-width, or in the script of the text (Arabic-Indic, Devanagari): the service takes ASCII.
    ['zipcode', '１５０－０００２', '150-0002'],
    ['lat', '３９．９０４２', 39.9042],
    ['lat', '٣٧٫٩٧', 37.97],
    ['open_hours.monday', '０９：００－１８：００', ['09:00-18:00']],
    ['open_hours.monday', '०९:००-१८:००', ['09:00-18:00']],
    ['opening_date', '２０２３－０７－２９', '2023-07-29'],
    ['specific_hours.close', '٢٠٢٦-١٢-٢٥', [{ starts_at: '2026-12-25', ends_at: '2026-12-25' }]],
    // A name keeps the digits it is written with.
    ['name', '東京ベーカリー２号店', '東京ベーカリー２号店'],
    ['lat', '4.5e1', 45],
    // Spaces a copy-paste leaves around a name or an address would be published; a non-breaking one too.
    ['name', ' Boulangerie Martin ', 'Boulangerie Martin'],
    ['city', 'Paris\u00a0', 'Paris'],
    // A web page's zero-width space, at either end: published unseen, or no store found by the code.
    ['name', '\u200BBoulangerie Martin\u200B ', 'Boulangerie Martin'],
    ['code', 'A-0042\u2060', 'A-0042'],
    // Inside, a joiner belongs to the text (an emoji, a script's ligature).
    ['name', 'Caf\u00e9 \u{1F469}\u200D\u{1F373}', 'Caf\u00e9 \u{1F469}\u200D\u{1F373}'],
    // A comma is a URL's own character: the list's other separators are only offered when the cell does not read.
    ['photos.secondary', 'https://cdn.example.com/a,b.jpg', ['https://cdn.example.com/a,b.jpg']],
    ['photos.secondary', 'https://a.example.com/?u=https://b.example.com/x.jpg', ['https://a.example.com/?u=https://b.example.com/x.jpg']],
  ])('%s: %j', (header, cell, value) => {
    expect(readCell(columnOf(header), cell, DOT_CONTEXT)).toEqual({ value });
  });

  it.each([
    ['9h-12h / 14h-18h30', '09:00-12:00,14:00-18:30'],
    ['9am-5pm', '09:00-17:00'],
    ['9.00-12.00', '09:00-12:00'],
    ['22h-24h', '22:00-00:00'],
    ['0900-1800', '09:00-18:00'],
    // A 12-hour clock with a space before AM and PM, as US CRMs write it; times with seconds, as databases do.
    ['9:00 AM – 6:00 PM', '09:00-18:00'],
    ['11:30 p.m. - 1 a.m.', '23:30-01:00'],
    ['09:00:00-12:00:00, 14:00:00-18:00:00', '09:00-12:00,14:00-18:00'],
    // Open around the clock, in the words of a French, English or German sheet.
    ['24h/24', '00:00-00:00, midnight to midnight'],
    ['Ouvert 24h/24', '00:00-00:00, midnight to midnight'],
    ['24/7', '00:00-00:00, midnight to midnight'],
    ['Open 24 hours', '00:00-00:00, midnight to midnight'],
    ['rund um die Uhr', '00:00-00:00, midnight to midnight'],
    // Hours as a sentence, as people type them: joining words, a spaced h.
    ['de 9h à 18h', '09:00-18:00'],
    ['de 9h à 12h et de 14h à 19h', '09:00-12:00,14:00-19:00'],
    ['9h-12h et 14h-19h', '09:00-12:00,14:00-19:00'],
    ['9:00-12:00 et 14:00-19:00', '09:00-12:00,14:00-19:00'],
    ['9 h - 12 h', '09:00-12:00'],
    ['9 h 30 - 12 h', '09:30-12:00'],
    ['9 h 30 - 12 h, 14 h - 18 h 30', '09:30-12:00,14:00-18:30'],
    ['9h 30-12h 14h-18h', '09:30-12:00,14:00-18:00'],
    ['from 9am to 5pm', '09:00-17:00'],
  ])('refuses %j with the windows it means', (cell, meant) => {
    expect(readCell(columnOf('open_hours.monday'), cell, DOT_CONTEXT)).toEqual({ errors: [`open_hours.monday: must be time windows HH:MM-HH:MM (did you mean ${meant}?), got '${cell}'`] });
  });

  it.each([
    ['categories', 'gcid:bakery, gcid:cafe', 'gcid:bakery|gcid:cafe'],
    ['categories', 'gcid:bakery;gcid:cafe', 'gcid:bakery|gcid:cafe'],
    ['custom_fields.payment_methods', 'cash, card', 'cash|card'],
    ['photos.secondary', 'https://a.example.com/1.jpg; https://a.example.com/2.jpg', 'https://a.example.com/1.jpg|https://a.example.com/2.jpg'],
    ['contacts.0.phone_numbers', '+33 6 41 09 39 57 / +33 2 40 37 44 76', '+33 6 41 09 39 57|+33 2 40 37 44 76'],
    // National numbers too, which only the row's country reads.
    ['contacts.0.phone_numbers', '06 41 09 39 57; 02 40 37 44 76', '06 41 09 39 57|02 40 37 44 76'],
    // A JSON list, as a script writes one, of one item or more.
    ['categories', '["gcid:bakery", "gcid:cafe"]', 'gcid:bakery|gcid:cafe'],
    ['groups', '[1,2]', '1|2'],
    ['photos.secondary', '["https://a.example.com/1.jpg"]', 'https://a.example.com/1.jpg'],
    ['contacts.0.phone_numbers', '["+33641093957","+33240374476"]', '+33641093957|+33240374476'],
    ['custom_fields.payment_methods', '["cash","card"]', 'cash|card'],
  ])('%s: refuses %j, items separated otherwise, with the cell they make', (header, cell, meant) => {
    expect(readCell(columnOf(header), cell, DOT_CONTEXT)).toEqual({ errors: [`${header}: must be values separated by | (did you mean ${meant}?), got '${cell.length > 40 ? `${cell.slice(0, 40)}…` : cell}'`] });
  });

  it.each([
    ['GCID:Bakery', 'gcid:bakery', 'GCID:Bakery'],
    ['gcid:cafe|gcid: pastry shop', 'gcid:pastry_shop', 'gcid: pastry shop'],
  ])('categories: refuses %j, a category id written otherwise, with the one meant', (cell, meant, got) => {
    expect(readCell(columnOf('categories'), cell, DOT_CONTEXT)).toEqual({ errors: [`categories: must be a category id gcid:<name> (did you mean ${meant}?), got '${got}'`] });
  });

  it('does not take a JSON list of one email address for several', () => {
    expect(readCell(columnOf('contacts.0.email'), '["a@example.com"]', DOT_CONTEXT)).toEqual({ errors: ["contacts.0.email: must be an email address, got '[\"a@example.com\"]'"] });
  });

  it('refuses a bare word as a category, with no category id offered: it may be none', () => {
    expect(readCell(columnOf('categories'), 'Boulangerie', DOT_CONTEXT)).toEqual({ errors: ["categories: must be a category id gcid:<name>, got 'Boulangerie'"] });
  });

  it('refuses a list of items separated otherwise that would not read either, for what is wrong with it', () => {
    expect(readCell(columnOf('categories'), 'bakery, cafe', DOT_CONTEXT)).toEqual({ errors: ["categories: must be a category id gcid:<name>, got 'bakery, cafe'"] });
  });

  it.each([
    ['€12.50', DOT_CONTEXT, '12.5'],
    ['12.50 EUR', DOT_CONTEXT, '12.5'],
    ['1 200', DOT_CONTEXT, '1200'],
    // As a French Excel saves a currency cell in a CSV: a non-breaking space between thousands, a comma before decimals.
    ['1\u00a0200,50 €', COMMA_CONTEXT, '1200,5'],
    // Thousands grouped by the separator that is not the decimals'.
    ['1,250.50', DOT_CONTEXT, '1250.5'],
    ['1.250,50', COMMA_CONTEXT, '1250,5'],
    ['1.250.000', COMMA_CONTEXT, '1250000'],
  ])('refuses a price written %j with the number it shows', (cell, context, meant) => {
    const price = CATALOGS.find(({ resource }) => resource === 'services')?.columns.find(({ header }) => header === 'price');
    if (price === undefined) throw new Error('no services price column');
    expect(readCell(price, cell, context)).toEqual({ errors: [`price: must be a number of at least 0 (did you mean ${meant}?), got '${cell}'`] });
  });

  it.each([
    ['lat', '48.85°', "lat: must be a number between -90 and 90 (did you mean 48.85?), got '48.85°'"],
    ['custom_fields.surface_m2', '85.5 m²', "custom_fields.surface_m2: must be a number between 0 and 10000 (did you mean 85.5?), got '85.5 m²'"],
    ['custom_fields.seats', '1,200', "custom_fields.seats: must be a whole number between 0 and 500, got '1,200'"],
    // A leading 0 groups no thousands: 125 is not what `0,125` shows.
    ['custom_fields.seats', '0,125', "custom_fields.seats: must be a whole number between 0 and 500, got '0,125'"],
    ['custom_fields.seats', '120 seats', "custom_fields.seats: must be a whole number between 0 and 500, got '120 seats'"],
  ])('%s: offers the number %j shows only when it would be taken', (header, cell, error) => {
    expect(readCell(columnOf(header), cell, DOT_CONTEXT)).toEqual({ errors: [error] });
  });

  it('refuses a phone number with an extension rather than send it without', () => {
    for (const cell of ['+33 6 41 09 39 57 ext. 12', '+33 6 41 09 39 57 poste 12', '+1 212 555 0100 x123']) {
      expect(readCell(columnOf('contacts.0.phone_numbers'), cell, DOT_CONTEXT)).toEqual({
        errors: [`contacts.0.phone_numbers: must be a phone number without an extension (E.164 has none); write the number alone, and the extension elsewhere, got '${cell}'`],
      });
    }
  });

  it('refuses a tel: link with the number it holds', () => {
    expect(readCell(columnOf('contacts.0.phone_numbers'), 'tel:+33641093957', DOT_CONTEXT)).toEqual({
      errors: ["contacts.0.phone_numbers: must be a phone number, not a link (did you mean +33641093957?), got 'tel:+33641093957'"],
    });
  });

  it.each([
    ['+33 6 41 09 39', 'is too short for a phone number of +33'],
    ['+44 20 7123 45678', 'is too long for a phone number of +44'],
    ['+999 1234 5678', 'must be a phone number in E.164 format (+33302060628): it starts with no country calling code'],
  ])('refuses %j, no phone number of its country, rather than send it', (cell, why) => {
    expect(readCell(columnOf('contacts.0.phone_numbers'), cell, DOT_CONTEXT)).toEqual({ errors: [`contacts.0.phone_numbers: ${why}, got '${cell}'`] });
  });

  it('refuses specific hours written in words or other notations, with what they mean', () => {
    expect(readCell(columnOf('specific_hours.close'), '2026-12-24 au 2026-12-26', DOT_CONTEXT)).toEqual({
      errors: ["specific_hours.close: must be dates yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd separated by | (did you mean 2026-12-24..2026-12-26?), got '2026-12-24 au 2026-12-26'"],
    });
    expect(readCell(columnOf('specific_hours.close'), 'du 2026-12-24 au 2026-12-26', DOT_CONTEXT)).toEqual({
      errors: ["specific_hours.close: must be dates yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd separated by | (did you mean 2026-12-24..2026-12-26?), got 'du 2026-12-24 au 2026-12-26'"],
    });
    expect(readCell(columnOf('specific_hours.open'), 'Du 2026-12-24 au 2026-12-26 09:00-12:00', DOT_CONTEXT)).toEqual({
      errors: [
        "specific_hours.open: must be entries 'yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd HH:MM-HH:MM,HH:MM-HH:MM' separated by | (did you mean 2026-12-24..2026-12-26 09:00-12:00?), got 'Du 2026-12-24 au 2026-12-26 09:00-12:00'",
      ],
    });
    expect(readCell(columnOf('specific_hours.open'), '2026-12-24 9h-12h', DOT_CONTEXT)).toEqual({
      errors: ["specific_hours.open: must be time windows HH:MM-HH:MM (did you mean 09:00-12:00?), got '2026-12-24 9h-12h'"],
    });
    expect(readCell(columnOf('specific_hours.open'), '2026-12-24 closed', DOT_CONTEXT)).toEqual({
      errors: ["specific_hours.open: a day closed goes in specific_hours.close, got '2026-12-24 closed'"],
    });
  });

  it('refuses several email addresses, and a mailto: link or a named address with the address it holds', () => {
    expect(readCell(columnOf('contacts.0.email'), 'a@example.com; b@example.com', DOT_CONTEXT)).toEqual({
      errors: ["contacts.0.email: must be one email address, not several, got 'a@example.com; b@example.com'"],
    });
    expect(readCell(columnOf('contacts.0.email'), 'mailto:a@example.com', DOT_CONTEXT)).toEqual({
      errors: ["contacts.0.email: must be an email address (did you mean a@example.com?), got 'mailto:a@example.com'"],
    });
    expect(readCell(columnOf('contacts.0.email'), '"Martin, Jean" <jean@example.com>', DOT_CONTEXT)).toEqual({
      errors: [`contacts.0.email: must be an email address alone, without a name (did you mean jean@example.com?), got '"Martin, Jean" <jean@example.com>'`],
    });
  });

  it('refuses a URL with a space or an accented letter, which no URI holds, with the URI meant', () => {
    expect(readCell(columnOf('website_url'), 'https://example.com/ma page', DOT_CONTEXT)).toEqual({
      errors: ["website_url: must be an http(s) URL without spaces nor characters beyond ASCII, which no URI holds (did you mean https://example.com/ma%20page?), got 'https://example.com/ma page'"],
    });
    expect(readCell(columnOf('website_url'), 'https://www.boulangerie.fr/spécialités', DOT_CONTEXT)).toEqual({
      errors: ["website_url: must be an http(s) URL without spaces nor characters beyond ASCII, which no URI holds (did you mean https://www.boulangerie.fr/sp%C3%A9cialit%C3%A9s?), got 'https://www.boulangerie.fr/spécialités'"],
    });
    expect(readCell(columnOf('network_a_url'), 'https://www.mairie-évry.fr', DOT_CONTEXT)).toEqual({
      errors: ["network_a_url: must be an http(s) URL without spaces nor characters beyond ASCII, which no URI holds (did you mean https://www.xn--mairie-vry-h7a.fr/?), got 'https://www.mairie-évry.fr'"],
    });
    expect(readCell(columnOf('photos.primary'), 'https://cdn.example.com/façade.jpg', DOT_CONTEXT)).toEqual({ value: 'https://cdn.example.com/façade.jpg' });
  });

  it('refuses two web addresses in a URL column', () => {
    expect(readCell(columnOf('website_url'), 'https://a.fr https://b.fr', DOT_CONTEXT)).toEqual({
      errors: ["website_url: must be one http(s) URL, not several, got 'https://a.fr https://b.fr'"],
    });
  });

  it.each(['fermé le lundi', 'Fermé.', 'Closed on Mondays', 'Montag Ruhetag', 'ferme\u0301 toute la journée'])('refuses %j, a day closed in words, with the word the column takes', (cell) => {
    expect(readCell(columnOf('open_hours.monday'), cell, DOT_CONTEXT)).toEqual({ errors: [`open_hours.monday: write closed for a day the business is closed, got '${cell}'`] });
    expect(readCell(columnOf('specific_hours.open'), `2026-12-24 ${cell}`, DOT_CONTEXT)).toEqual({
      errors: [`specific_hours.open: a day closed goes in specific_hours.close, got '2026-12-24 ${cell}'`],
    });
  });

  it('takes 24:00 only as the end of a window: no other time past 23:59', () => {
    for (const cell of ['24:00-02:00', '18:00-24:30', '18:00-25:00']) {
      expect(readCell(columnOf('open_hours.monday'), cell, DOT_CONTEXT)).toEqual({ errors: [`open_hours.monday: must be a time window HH:MM-HH:MM, got '${cell}'`] });
    }
  });

  it('refuses a control character a file read in another encoding leaves, in any column, naming it and where it is', () => {
    const why = 'which no text should: the file may have been saved in another encoding than it was read in; check the letters around it, then remove it';
    expect(readCell(columnOf('name'), 'Boulangerie Martin\u0013 Ajaccio', DOT_CONTEXT)).toEqual({
      errors: [`name: holds the control character U+0013 at character 19, ${why}, got 'Boulangerie Martin\u0013 Ajaccio'`],
    });
    expect(readCell(columnOf('description_long'), 'Caf\u0013 du port\u007F\n', DOT_CONTEXT)).toEqual({
      errors: [`description_long: holds the control character U+0013 at character 4 (and 1 more), ${why}, got 'Caf\u0013 du port\u007F'`],
    });
    expect(readCell(columnOf('custom_fields.manager_note'), '\u000B', DOT_CONTEXT)).toEqual({ errors: [`custom_fields.manager_note: holds the control character U+000B at character 1, ${why}, got ''`] });
    expect(readCell(columnOf('code'), 'A\u001F42', DOT_CONTEXT)).toEqual({ errors: [`code: holds the control character U+001F at character 2, ${why}, got 'A\u001F42'`] });
    // Tabs and line breaks are text: a description keeps them.
    expect(readCell(columnOf('description_long'), 'Pain\tbio\r\nCafé', DOT_CONTEXT)).toEqual({ value: 'Pain\tbio\r\nCafé' });
  });

  it.each([
    ['name', 'Boulangerie\nMartin', 12, 'Boulangerie Martin'],
    ['name', 'Boulangerie \r\n  Martin\u2028Ajaccio', 13, 'Boulangerie Martin Ajaccio'],
    ['city', 'Bourg-en-\nBresse', 10, 'Bourg-en-Bresse'],
    ['zipcode', '01000\nBourg', 6, '01000 Bourg'],
    ['address_full', '12 rue Bourgmayer\n01000 Bourg-en-Bresse', 18, '12 rue Bourgmayer 01000 Bourg-en-Bresse'],
    ['code', 'PAR\n001', 4, 'PAR 001'],
    ['contacts.0.fax', '+33 4 74\n00 00 02', 9, '+33 4 74 00 00 02'],
    ['contacts.0.phone_numbers', '+33 4 74\n00 00 00', 9, '+33 4 74 00 00 00'],
    ['contacts.0.phone_numbers', '+33474000000\n+33495210001', 13, '+33474000000|+33495210001'],
    ['contacts.0.email', 'contact@\nexample.com', 9, 'contact@example.com'],
    ['photos.primary', 'https://example.com/img/\nfront.jpg', 25, 'https://example.com/img/front.jpg'],
    ['categories', 'gcid:bakery\r\ngcid:cafe', 12, 'gcid:bakery|gcid:cafe'],
  ])('refuses a line break in %s, a field of one line, where it is, with the value meant', (header, cell, position, meant) => {
    const got = cell.split(/\s*[\n\r\u2028\u2029]+\s*/).join('↵');
    expect(readCell(columnOf(header), cell, DOT_CONTEXT)).toEqual({
      errors: [`${header}: holds a line break at character ${position} (Alt+Enter in a spreadsheet, or a paste), and the field takes one line (did you mean ${meant}?), got '${got}'`],
    });
  });

  it('offers no value for a line break whose lines make none the column takes, and trims one around the value', () => {
    expect(readCell(columnOf('contacts.0.phone_numbers'), '06 12 34\n56 78', DOT_CONTEXT)).toEqual({
      errors: ["contacts.0.phone_numbers: holds a line break at character 9 (Alt+Enter in a spreadsheet, or a paste), and the field takes one line; write it on one line, got '06 12 34↵56 78'"],
    });
    expect(readCell(columnOf('city'), '\r\nBourg-en-Bresse\n', DOT_CONTEXT)).toEqual({ value: 'Bourg-en-Bresse' });
    expect(readCell(columnOf('description_short'), 'Pain\nCafé', DOT_CONTEXT)).toEqual({ value: 'Pain\nCafé' });
  });

  it('reads a non-breaking space as a space in codes, zip codes, phones and ids, and keeps it in names and descriptions', () => {
    expect(readCell(columnOf('zipcode'), '101\u00A0000', DOT_CONTEXT)).toEqual({ value: '101 000' });
    expect(readCell(columnOf('zipcode'), '\u202F75\u202F001', DOT_CONTEXT)).toEqual({ value: '75 001' });
    expect(readCell(columnOf('code'), 'PAR\u2007001\u00A0', DOT_CONTEXT)).toEqual({ value: 'PAR 001' });
    expect(readCell(columnOf('national_identification_number'), '123\u202F456\u202F789', DOT_CONTEXT)).toEqual({ value: '123 456 789' });
    expect(readCell(columnOf('contacts.0.phone_numbers'), '+33\u202F4\u202F74\u00A000\u00A000\u00A001', DOT_CONTEXT)).toEqual({ value: ['+33474000001'] });
    expect(readCell(columnOf('name'), 'Café\u202F: Le\u00A0Port', DOT_CONTEXT)).toEqual({ value: 'Café\u202F: Le\u00A0Port' });
    expect(readCell(columnOf('description_short'), 'Pain\u00A0bio', DOT_CONTEXT)).toEqual({ value: 'Pain\u00A0bio' });
  });

  it('reads what a paste leaves unseen: a soft hyphen, a zero-width space or a tab around the value', () => {
    expect(readCell(columnOf('name'), 'Boulan\u00ADgerie Martin', DOT_CONTEXT)).toEqual({ value: 'Boulangerie Martin' });
    expect(readCell(columnOf('description_short'), 'Boulan\u00ADgerie', DOT_CONTEXT)).toEqual({ value: 'Boulan\u00ADgerie' });
    expect(readCell(columnOf('contacts.0.email'), '\u200Bcontact@example.com\u200B', DOT_CONTEXT)).toEqual({ value: 'contact@example.com' });
    expect(readCell(columnOf('website_url'), '\uFEFFhttps://www.example.com/\u200B', DOT_CONTEXT)).toEqual({ value: 'https://www.example.com/' });
    expect(readCell(columnOf('code'), '000021\t', DOT_CONTEXT)).toEqual({ value: '000021' });
  });

  it('refuses an email address in quotes, straight or curled by autocorrect, with the address', () => {
    for (const cell of ['\u201Ccontact@example.com\u201D', '"contact@example.com"', '« contact@example.com »']) {
      expect(readCell(columnOf('contacts.0.email'), cell, DOT_CONTEXT)).toEqual({
        errors: [`contacts.0.email: must be an email address without quotes (did you mean contact@example.com?), got '${cell}'`],
      });
    }
  });

  it('leaves the field unchanged for an empty or blank cell', () => {
    expect(readCell(columnOf('name'), '', DOT_CONTEXT)).toBeUndefined();
    expect(readCell(columnOf('name'), '  ', DOT_CONTEXT)).toBeUndefined();
  });
});
