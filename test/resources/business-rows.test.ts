import { describe, expect, it } from 'vitest';
import { assemblePayload } from '../../src/resources/assemble-payload.js';
import { buildBusinessCatalog } from '../../src/resources/businesses/business-catalog.js';
import { DOT_CONTEXT } from '../../src/resources/cells/cell-context.js';
import { ClearRequest } from '../../src/resources/cells/read-cell.js';
import type { CellValue } from '../../src/sheets/index.js';
import { CUSTOM_FIELDS } from './custom-field-definitions.js';

const catalog = buildBusinessCatalog(CUSTOM_FIELDS);

/** The outcome of a row of a sheet holding `sheetColumns`, its values assembled into the payload the import sends. */
function readWith(sheetColumns: readonly string[]) {
  const readRow = catalog.createRowReader(sheetColumns, DOT_CONTEXT);
  return (values: Record<string, CellValue>, line = 7) => {
    const outcome = readRow({ kind: 'row', line, values });
    return { ...outcome, update: outcome.update && assemblePayload(outcome.update) };
  };
}

const read = readWith(catalog.columns.map((column) => column.header));

describe('a business row', () => {
  it('reports every problem at once, in plain words, column by column', () => {
    const outcome = read({
      code: '000042',
      name: '#clear',
      status: 'shut',
      categories: 'gcid:bakery|Bakery',
      groups: '12|twelve',
      country: 'Gaule',
      lat: 'abc',
      long: '200',
      opening_date: '2026-02-30',
      website_url: 'ftp://files.example.com',
      description_short: 'x'.repeat(81),
      'contacts.0.email': 'nobody',
      'contacts.0.phone_numbers': '+33474000000|04 74 00 00 00',
      'open_hours.monday': '09:00-25:00',
      'specific_hours.close': '2027-01-10..2027-01-05',
      'specific_hours.open': '2026-12-24',
      'custom_fields.seats': '600',
      'custom_fields.surface_m2': '12,5',
      'custom_fields.store_format': 'mega',
      'custom_fields.payment_methods': 'cash|card|check|contactless|meal_voucher',
      'custom_fields.labels': 'organic|bio',
      'custom_fields.gallery': '[{"url": "ftp://x", "texts": {"title": "x"}}]',
      'custom_fields.has_parking': 'maybe',
      'custom_fields.manager_note': 'n'.repeat(31),
    });
    expect(outcome.errors).toEqual([
      'name: cannot be cleared; leave the cell empty to keep the current value',
      "status: must be one of open, closed, opening_soon, temporarily_closed, got 'shut'",
      "categories: must be a category id gcid:<name>, got 'Bakery'",
      "groups: must be whole numbers (group ids), got 'twelve'",
    "country: must be a two-letter country code (FR), a three-letter one (FRA) or a country name (France, Allemagne, Deutschland), got 'Gaule'",
        "lat: must be a number between -90 and 90, got 'abc'",
      "long: must be at most 180, got '200'",
      "opening_date: is no day of the calendar (February 2026 has 28 days), got '2026-02-30'",
      "website_url: must be an http(s) URL, got 'ftp://files.example.com'",
      'description_short: must be at most 80 characters, got 81 characters',
      "contacts.0.email: must be an email address, got 'nobody'",
      "contacts.0.phone_numbers: must be a phone number in E.164 format (+33302060628), or a national number of the row's country (its country column), got '04 74 00 00 00'",
      "open_hours.monday: must be a time window HH:MM-HH:MM, got '09:00-25:00'",
      "specific_hours.close: ends_at must not be before starts_at, got '2027-01-05'",
      "specific_hours.open: must be entries 'yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd HH:MM-HH:MM,HH:MM-HH:MM' separated by |, got '2026-12-24'",
      "custom_fields.has_parking: must be true or false, got 'maybe'",
      'custom_fields.manager_note: must be at most 30 characters, got 31 characters',
      "custom_fields.seats: must be at most 500, got '600'",
      "custom_fields.surface_m2: must be a number between 0 and 10000 with '.' before decimals (or give --decimal-separator comma), got '12,5'",
      "custom_fields.store_format: must be one of express, classic, flagship, got 'mega'",
      'custom_fields.payment_methods: must hold at most 4 values, got 5 items',
      "custom_fields.labels: must be one of organic, fair_trade, local_produce, got 'bio'",
      "custom_fields.gallery: must be an http(s) URL, got 'ftp://x'",
      'custom_fields.gallery: text keys must be among caption, alt, got \'{"title":"x"}\'',
    ]);
    expect(outcome.line).toBe(7);
    expect(outcome.target).toEqual({ code: '000042' });
  });

  it('hints "closed" in other words to the word the hours columns take', () => {
    expect(read({ code: 'X', 'open_hours.sunday': 'Fermé', 'open_hours.monday': 'geschlossen' }).errors).toEqual([
      "open_hours.monday: write closed for a day the business is closed, got 'geschlossen'",
      "open_hours.sunday: write closed for a day the business is closed, got 'Fermé'",
    ]);
  });

  it('names the status a word in other terms may mean, and reads none of them', () => {
    const statuses = ['Ouvert', 'Fermé', 'fermé temporairement', 'Permanently closed', 'shut'].map((status) => read({ code: 'X', status }).errors);
    expect(statuses).toEqual([
      ["status: must be one of open, closed, opening_soon, temporarily_closed (did you mean open?), got 'Ouvert'"],
      ["status: must be one of open, closed, opening_soon, temporarily_closed (did you mean closed or temporarily_closed?), got 'Fermé'"],
      ["status: must be one of open, closed, opening_soon, temporarily_closed (did you mean temporarily_closed?), got 'fermé temporairement'"],
      ["status: must be one of open, closed, opening_soon, temporarily_closed (did you mean closed?), got 'Permanently closed'"],
      ["status: must be one of open, closed, opening_soon, temporarily_closed, got 'shut'"],
    ]);
  });

  it('names the choice a typo or a value typed without its accents may mean, and reads none of them', () => {
    const outcome = read({ code: 'X', status: 'temporarly closed', 'custom_fields.store_format': 'flagshp', 'custom_fields.payment_methods': 'cash|contactles' });
    expect(outcome.errors).toEqual([
      "status: must be one of open, closed, opening_soon, temporarily_closed (did you mean temporarily_closed?), got 'temporarly closed'",
      "custom_fields.store_format: must be one of express, classic, flagship (did you mean flagship?), got 'flagshp'",
      "custom_fields.payment_methods: must be one of cash, card, contactless, check, meal_voucher (did you mean contactless?), got 'contactles'",
    ]);
    const accents = buildBusinessCatalog([{ id: 9, name: 'paiement', type: 'SINGLE_SELECT', possible_values: ['Espèces', 'Carte'], order: 1, section_id: 2 }]);
    const readAccents = accents.createRowReader(['code', 'custom_fields.paiement'], DOT_CONTEXT);
    expect(readAccents({ kind: 'row', line: 7, values: { code: 'X', 'custom_fields.paiement': 'especes' } }).errors).toEqual([
      "custom_fields.paiement: must be one of Espèces, Carte (did you mean Espèces?), got 'especes'",
    ]);
  });

  it('names the URL a web address without its scheme stands for, and sends none', () => {
    const outcome = read({ code: 'X', website_url: 'www.boulangerie-martin.fr/nice', network_a_url: ' network-a.example.com ', 'photos.LOGO': 'https://example.com/logo.png', network_b_url: 'Boulangerie Martin' });
    expect(outcome.errors).toEqual([
      "website_url: must be an http(s) URL (did you mean https://www.boulangerie-martin.fr/nice?), got 'www.boulangerie-martin.fr/nice'",
      "network_a_url: must be an http(s) URL (did you mean https://network-a.example.com?), got 'network-a.example.com'",
      "network_b_url: must be an http(s) URL, got 'Boulangerie Martin'",
    ]);
  });

  it('names what is missing inside a JSON cell', () => {
    expect(read({ code: 'X', 'custom_fields.gallery': '[{"texts": {}}]' }).errors).toEqual(['custom_fields.gallery: must be an http(s) URL, got nothing at [0].url']);
    expect(read({ code: 'X', 'custom_fields.gallery': '[{"url": "https://a.example.com/1.jpg"}, {"url": "https://a.example.com/2.jpg"}]' }).errors).toEqual([
      'custom_fields.gallery: must be an object, got nothing at [0].texts',
      'custom_fields.gallery: must be an object, got nothing at [1].texts',
    ]);
  });

  it('says what a spreadsheet did to the quotes of a JSON cell', () => {
    const typographic = '[{“url”: “https://a.example.com/1.jpg”, “texts”: {“caption”: “Front”}}]';
    const doubled = '[{""url"": ""https://a.example.com/1.jpg"", ""texts"": {""caption"": """"}}]';
    expect([typographic, doubled, '[{url: x}]'].map((gallery) => read({ code: 'X', 'custom_fields.gallery': gallery }).errors)).toEqual([
      [`custom_fields.gallery: must be JSON: its quotes are typographic (“ ”); write straight quotes ("), got '[{“url”: “https://a.example.com/1.jpg”, …'`],
      [`custom_fields.gallery: must be JSON: its quotes are doubled ("") as in a CSV file's text; write each once, got '[{""url"": ""https://a.example.com/1.jpg…'`],
      [`custom_fields.gallery: must be JSON such as [{"url":"https://…","texts":{"caption":"Image caption","alt":"Image alt"}}], got '[{url: x}]'`],
    ]);
  });

  it('refuses a value selected twice in a multiple select, in any spelling', () => {
    expect(read({ code: 'X', 'custom_fields.payment_methods': 'cash|card|Cash', 'custom_fields.labels': 'organic|Organic' }).errors).toEqual([
      "custom_fields.payment_methods: must select each value once ('cash' twice), got 'cash|card|Cash'",
      "custom_fields.labels: must select each value once ('organic' twice), got 'organic|Organic'",
    ]);
  });

  it('refuses a category, group, phone or photo listed twice, as typed or once read', () => {
    const outcome = read({
      code: 'X',
      country: 'FR',
      categories: 'gcid:bakery|gcid:cafe|GCID:bakery',
      groups: '1|2|1',
      'contacts.0.phone_numbers': '+33 1 42 68 53 00|01 42 68 53 00',
      'photos.secondary': 'https://example.com/a.jpg|https://example.com/a.jpg',
    });
    expect(outcome.errors).toEqual([
      "categories: must be a category id gcid:<name> (did you mean gcid:bakery?), got 'GCID:bakery'",
      "groups: must list each group once ('1' twice), got '1|2|1'",
      "contacts.0.phone_numbers: must list each phone number once ('+33142685300' twice), got '+33 1 42 68 53 00|+33142685300'",
      "photos.secondary: must list each photo once ('https://example.com/a.jpg' twice), got 'https://example.com/a.jpg|https://exampl…'",
    ]);
    expect(read({ code: 'X', categories: 'gcid:bakery|gcid:cafe|gcid:bakery' }).errors).toEqual([
      "categories: must list each category once ('gcid:bakery' twice), got 'gcid:bakery|gcid:cafe|gcid:bakery'",
    ]);
  });

  it('builds the payload from the filled cells only, nested fields assembled', () => {
    const outcome = read({
      business_id: '5f1d0c2a9b8e7d6c5b4a3f2e',
      code: 'NEW-CODE',
      name: 'Boulangerie Martin',
      city: '',
      zipcode: '#clear',
      lat: '46.2',
      'contacts.0.email': 'claire@example.com',
      'contacts.0.phone_numbers': '+33474000000',
      'photos.LOGO': 'https://cdn.example.com/logo.png',
      'photos.secondary': '#clear',
      'open_hours.monday': 'closed',
      'open_hours.sunday': '07:00-12:30',
      'specific_hours.close': '2026-12-25',
      'custom_fields.has_parking': 'oui',
      'custom_fields.opening.year': '1987',
      created: '2024-01-01T00:00:00.000Z',
    });
    expect(outcome).toEqual({
      line: 7,
      target: { business_id: '5f1d0c2a9b8e7d6c5b4a3f2e' },
      update: {
        code: 'NEW-CODE',
        name: 'Boulangerie Martin',
        zipcode: new ClearRequest('zipcode', 'a string in the published description, not nullable, and "" is no address'),
        lat: 46.2,
        contacts: [{ email: 'claire@example.com', phone_numbers: ['+33474000000'] }],
        photos: { LOGO: 'https://cdn.example.com/logo.png', secondary: [] },
        open_hours: { monday: [], sunday: ['07:00-12:30'] },
        specific_hours: { close: [{ starts_at: '2026-12-25', ends_at: '2026-12-25' }] },
        custom_fields: { has_parking: true, 'opening.year': 1987 },
      },
      errors: [],
    });
  });
});

describe('row identity', () => {
  it('finds the business by business_id; the code is then a field to update', () => {
    expect(read({ business_id: 'abc', code: 'X1' })).toMatchObject({ target: { business_id: 'abc' }, update: { code: 'X1' }, errors: [] });
  });

  it('finds the business by store code when business_id is empty; the code is not sent', () => {
    expect(read({ business_id: ' ', code: ' 000042 ', name: 'x' })).toMatchObject({ target: { code: '000042' }, update: { name: 'x' }, errors: [] });
  });

  it('refuses a row with neither', () => {
    expect(read({ name: 'x' })).toMatchObject({ target: undefined, errors: ['business_id: missing; give business_id or code to find the business'] });
  });

  it('does not add "missing" to an identity cell already reported', () => {
    expect(read({ code: '#clear' }).errors).toEqual(['code: cannot be cleared; leave the cell empty to keep the current value']);
  });

  it('reads only the columns the sheet has', () => {
    const readNameOnly = readWith(['code', 'name']);
    expect(readNameOnly({ code: 'X', name: 'N', lat: 'abc' }, 2)).toMatchObject({ update: { name: 'N' }, errors: [] });
  });

  it('ignores read-only columns on import', () => {
    expect(read({ code: 'X', created: 'not a date', completion_rate: 'x' })).toMatchObject({ update: {}, errors: [] });
  });
});
