import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEEK_DAYS } from '../../../src/api/facts/service-facts.js';
import type { Quirks } from '../../../src/emulator/pipeline/quirks.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { encodeRowSnapshot } from '../../../src/resources/base-column.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/** The spec is silent on nested objects: the service may merge them key by key or replace them whole. */
const READINGS: { reading: string; quirks: Quirks }[] = [
  { reading: 'merges nested objects (plain emulator)', quirks: {} },
  { reading: 'replaces nested objects (replace-nested)', quirks: { 'replace-nested': true } },
  { reading: 'answers in the published shapes (real-shapes)', quirks: { 'real-shapes': true } },
];

function withoutEmptyPhones(contact: object | undefined): object | undefined {
  if (contact === undefined || !('phone_numbers' in contact) || !Array.isArray(contact.phone_numbers) || contact.phone_numbers.length > 0) return contact;
  const { phone_numbers: _empty, ...rest } = contact;
  return rest;
}

const NEW_LOGO = 'https://cdn.example.com/org1/new-logo.png';

describe.each(READINGS)('business import against a service that $reading', ({ quirks }) => {
  let harness: ImportHarness;
  let businesses: Business[];
  /** The body of every business update the last import sent. */
  let bodies: unknown[];
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 30, feedback: 0, quirks });
    businesses = harness.api.emulator.state.orgBusinesses(1);
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') bodies.push(JSON.parse(req.bodyText));
      return undefined;
    };
  });
  beforeEach(() => {
    bodies = [];
  });
  afterAll(() => harness.close());

  /** A business of org 1 no other test of this file touches, with `fits` true. */
  const taken = new Set<string>();
  function pick(fits: (business: Business) => boolean = () => true): Business {
    const business = businesses.find((candidate) => !taken.has(candidate.id) && fits(candidate));
    if (business === undefined) throw new Error('no business left that fits');
    taken.add(business.id);
    return business;
  }
  const hasSecondary = (business: Business): boolean => (business.photos.secondary ?? []).length > 0;

  it('sends photos whole when a row changes only the logo: primary and secondary stay as they were', async () => {
    const business = pick(hasSecondary);
    const before = structuredClone(business.photos);
    const { summary } = await harness.runImport('businesses', ['business_id,photos.LOGO', `${business.id},${NEW_LOGO}`].join('\n'));
    expect(summary.rows.updated).toBe(1);
    expect(bodies).toEqual([{ photos: { ...before, LOGO: NEW_LOGO } }]);
    expect(business.photos).toEqual({ ...before, LOGO: NEW_LOGO });
  });

  it('sends photos whole in patch mode too', async () => {
    const business = pick(hasSecondary);
    const before = structuredClone(business.photos);
    await harness.runImport('businesses', ['business_id,photos.LOGO', `${business.id},${NEW_LOGO}`].join('\n'), { mode: 'patch' });
    expect(bodies).toEqual([{ photos: { ...before, LOGO: NEW_LOGO } }]);
    expect(business.photos).toEqual({ ...before, LOGO: NEW_LOGO });
  });

  it('sends photos whole after a _base merge: the file changes the logo, the primary photo the API changed since stays', async () => {
    const business = pick(hasSecondary);
    const exported = structuredClone(business.photos);
    const base = encodeRowSnapshot({ id: business.id, cells: { 'photos.LOGO': exported.LOGO ?? '', 'photos.primary': exported.primary ?? '' } });
    business.photos.primary = 'https://cdn.example.com/org1/changed-in-the-app.jpg';
    const csv = ['business_id,photos.LOGO,photos.primary,_base', `${business.id},${NEW_LOGO},${exported.primary ?? ''},${base}`].join('\n');
    const { summary } = await harness.runImport('businesses', csv);
    expect(summary.rows.updated).toBe(1);
    expect(business.photos).toEqual({ ...exported, LOGO: NEW_LOGO, primary: 'https://cdn.example.com/org1/changed-in-the-app.jpg' });
  });

  it('keeps the other custom fields, the other list of specific hours and the other contacts', async () => {
    const business = pick((candidate) => Object.keys(candidate.custom_fields).length > 1 && candidate.specific_hours.close.length > 0);
    business.contacts.push({ name: 'Second contact', email: 'second@example.com' });
    const before = structuredClone(business);
    const opening = { starts_at: '2026-12-31', ends_at: '2026-12-31', open_hours: ['08:00-12:00'] };
    const csv = ['business_id,custom_fields.seats,specific_hours.open,contacts.0.email', `${business.id},42,2026-12-31 08:00-12:00,new@example.com`].join('\n');
    const { summary, results } = await harness.runImport('businesses', csv);
    expect(results[0]?._errors).toBe('');
    expect(summary.rows.updated).toBe(1);
    expect(business.custom_fields).toEqual({ ...before.custom_fields, seats: 42 });
    expect(business.specific_hours).toEqual({ open: [opening], close: before.specific_hours.close });
    // An empty text read is an empty value, sent back as none: a service that replaces the contact keeps no empty fax, an equal one.
    const [{ fax: faxBefore, ...first } = {}, second] = before.contacts;
    const [{ fax: faxAfter, ...kept } = {}, ...others] = business.contacts;
    expect(faxAfter ?? '').toBe(faxBefore ?? '');
    // Likewise a list read as null or absent is an empty list, which a service may store either way.
    expect([kept, ...others].map(withoutEmptyPhones)).toEqual([{ ...first, email: 'new@example.com' }, second].map(withoutEmptyPhones));
  });

  it("says of a value the service refuses in a nested field the row did not change that it is the business's own, sent back whole", async () => {
    // A choice taken out of store_format since this business chose it: custom fields go whole, so the service refuses the update.
    const business = pick((candidate) => typeof candidate.custom_fields.seats === 'number');
    business.custom_fields.store_format = 'kiosk';
    const csv = ['business_id,custom_fields.seats', `${business.id},${Number(business.custom_fields.seats) + 1}`].join('\n');
    const { results } = await harness.runImport('businesses', csv);
    expect(results[0]?._status).toBe('failed');
    expect(results[0]?._errors).toMatch(
      /^custom_fields\.store_format: .+ \(the business's current value, sent back with the fields the row changes since nested fields go whole; give this column a value the service takes\)$/,
    );
  });

  it('refuses a row when the current week lacks a day the row does not give, and sends nothing', async () => {
    const business = pick();
    Reflect.deleteProperty(business.open_hours, 'sunday');
    const before = structuredClone(business.open_hours);
    const { summary, results } = await harness.runImport('businesses', ['business_id,open_hours.monday', `${business.id},10:00-18:00`].join('\n'));
    expect(summary.rows.invalid).toBe(1);
    expect(results[0]?._errors).toBe('open_hours: the current sunday is unknown; give all seven days');
    expect(bodies).toEqual([]);
    expect(business.open_hours).toEqual(before);

    const week = WEEK_DAYS.map((day) => (day === 'sunday' ? 'closed' : '10:00-18:00'));
    const again = await harness.runImport('businesses', [`business_id,${WEEK_DAYS.map((day) => `open_hours.${day}`).join(',')}`, `${business.id},${week.join(',')}`].join('\n'));
    expect(again.summary.rows.updated).toBe(1);
    expect(business.open_hours).toEqual({ ...Object.fromEntries(WEEK_DAYS.map((day) => [day, ['10:00-18:00']])), sunday: [] });
  });

  it('sends no write for a number the service gives as text, trailing zeros or not', async () => {
    const [plain, zeros] = [pick(), pick()];
    Reflect.set(plain, 'lat', '48.85');
    Reflect.set(zeros, 'lat', '48.850');
    const csv = ['business_id,lat', `${plain.id},48.85`, `${zeros.id},48.85`].join('\n');
    const { summary } = await harness.runImport('businesses', csv);
    expect(summary.rows.unchanged).toBe(2);
    expect(bodies).toEqual([]);
    expect(summary.requests.writes).toBe(0);
  });
});

describe('the same import against both readings', () => {
  let harnesses: ImportHarness[];
  beforeAll(async () => {
    harnesses = await Promise.all(READINGS.map(({ quirks }) => startImportHarness({ businesses: 20, feedback: 0, quirks })));
  });
  afterAll(() => Promise.all(harnesses.map((harness) => harness.close())));

  it('leaves the same businesses, in diff mode and in patch mode', async () => {
    const states = await Promise.all(
      harnesses.map(async (harness) => {
        const [a, b, c] = harness.api.emulator.state.orgBusinesses(1);
        if (a === undefined || b === undefined || c === undefined) throw new Error('the emulator seeded too few businesses');
        const header = 'business_id,name,photos.primary,photos.secondary,custom_fields.manager_note,specific_hours.close,contacts.0.fax,open_hours.friday';
        const diff = [header, `${a.id},Renamed,https://cdn.example.com/a.jpg,,Back door,2027-01-02,+33302060628,09:00-12:00`, `${b.id},,,https://cdn.example.com/b1.jpg,,,,closed`].join('\n');
        await harness.runImport('businesses', diff);
        await harness.runImport('businesses', [header, `${c.id},,https://cdn.example.com/c.jpg,,Note,,,`].join('\n'), { mode: 'patch' });
        return harness.api.emulator.state.orgBusinesses(1).map(({ modified: _modified, ...business }) => business);
      }),
    );
    expect(states[1]).toEqual(states[0]);
  });
});
