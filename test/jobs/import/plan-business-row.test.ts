import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { WEEK_DAYS } from '../../../src/api/facts/service-facts.js';
import type { CurrentBusiness } from '../../../src/jobs/import/businesses/complete-business-update.js';
import { planBusinessRow, type RowPlan, type RowPlanSettings } from '../../../src/jobs/import/businesses/plan-business-row.js';
import { encodeRowSnapshot } from '../../../src/resources/base-column.js';
import { buildBusinessCatalog } from '../../../src/resources/businesses/business-catalog.js';
import { DOT_CONTEXT } from '../../../src/resources/cells/cell-context.js';
import { CUSTOM_FIELDS } from '../../resources/custom-field-definitions.js';

const catalog = buildBusinessCatalog(CUSTOM_FIELDS);
const columns = catalog.columns.filter((column) => column.path !== undefined);

const week = Object.fromEntries(WEEK_DAYS.map((day) => [day, ['09:00-18:00']]));
const photos = { LOGO: 'https://cdn.example.com/logo.png', primary: 'https://cdn.example.com/front.png', secondary: ['https://cdn.example.com/in.png'] };
const business: CurrentBusiness = {
  id: 'b1',
  org_id: 1,
  name: 'Old name',
  contacts: [{ name: 'Claire', email: 'old@example.com' }, { name: 'Paul', email: 'paul@example.com' }],
  photos,
  custom_fields: { seats: 40, has_parking: true },
  open_hours: week,
  specific_hours: { open: [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: ['07:00-13:00'] }], close: [] },
};

const DIFF: RowPlanSettings = { mode: 'diff', allowCodeChanges: false };

function planRow(given: Record<string, string>, current: CurrentBusiness, settings: RowPlanSettings = DIFF): RowPlan {
  const cells = { business_id: 'b1', ...given };
  const readRow = catalog.createRowReader(Object.keys(cells), DOT_CONTEXT);
  const { update, errors } = readRow({ kind: 'row', line: 2, values: cells });
  if (update === undefined) throw new Error(`the row does not read: ${errors.join('; ')}`);
  return planBusinessRow({ cells, values: update, columns, current }, settings);
}

/** The write of a row that changes its business; a row with no change writes an empty payload. */
function diffRow(cells: Record<string, string>, current: CurrentBusiness): { payload: object; changes: string[]; columns: { column: { header: string }; current: unknown; file: unknown }[] } {
  const plan = planRow(cells, current);
  if (plan.status === 'unchanged') return { payload: {}, changes: [], columns: [] };
  if (plan.status !== 'write') throw new Error(`the row is refused: ${plan.errors.join('; ')}`);
  return plan;
}

function completeRow(cells: Record<string, string>, current: CurrentBusiness): { errors: string[] } | { payload: object } {
  const plan = planRow(cells, current);
  return plan.status === 'write' ? { payload: plan.payload } : { errors: plan.errors };
}

describe('one plan per business row', () => {
  it('gives the payload, the _changes and the columns of the plan and the undo file from one comparison', () => {
    const diff = diffRow(
      { name: 'New name', 'contacts.0.email': 'new@example.com', 'photos.LOGO': photos.LOGO, 'photos.primary': 'https://cdn.example.com/new.png', 'open_hours.monday': '10:00-18:00', 'open_hours.tuesday': '09:00-18:00' },
      business,
    );
    expect(diff.payload).toEqual({
      name: 'New name',
      photos: { ...photos, primary: 'https://cdn.example.com/new.png' },
      open_hours: { ...week, monday: ['10:00-18:00'] },
      contacts: [{ name: 'Claire', email: 'new@example.com' }, { name: 'Paul', email: 'paul@example.com' }],
    });
    expect(diff.changes).toEqual([
      "name: 'Old name' -> 'New name'",
      "contacts.0.email: 'old@example.com' -> 'new@example.com'",
      "photos.primary: 'https://cdn.example.com/front.png' -> 'https://cdn.example.com/new.png'",
      "open_hours.monday: '09:00-18:00' -> '10:00-18:00'",
    ]);
    expect(diff.columns.map(({ column, current, file }) => [column.header, current, file])).toEqual([
      ['name', 'Old name', 'New name'],
      ['contacts.0.email', 'old@example.com', 'new@example.com'],
      ['photos.primary', 'https://cdn.example.com/front.png', 'https://cdn.example.com/new.png'],
      ['open_hours.monday', ['09:00-18:00'], ['10:00-18:00']],
    ]);
  });

  it('changes nothing for a row equal to its business', () => {
    expect(diffRow({ name: 'Old name', 'open_hours.monday': '09:00-18:00', 'photos.LOGO': photos.LOGO }, business)).toEqual({ payload: {}, changes: [], columns: [] });
  });

  it('cuts a long value short in _changes, and a cell in _errors, between characters, never inside an emoji', () => {
    const long = `${'a'.repeat(58)}🍞🍞 and more`;
    expect(diffRow({ description_long: long }, business).changes).toEqual([`description_long: '' -> '${'a'.repeat(58)}…'`]);
    const readRow = catalog.createRowReader(['business_id', 'lat'], DOT_CONTEXT);
    expect(readRow({ kind: 'row', line: 2, values: { business_id: 'b1', lat: `${'1'.repeat(39)}🍞🍞` } }).errors).toEqual([
      `lat: must be a number between -90 and 90, got '${'1'.repeat(39)}…'`,
    ]);
  });

  it('takes a text retyped on a Mac, its accents decomposed (NFD), for the same text, and sends a new one as typed', () => {
    const held = { ...business, name: 'Bäckerei Müller', city: 'São Paulo', description_short: 'Crème brûlée' };
    expect(diffRow({ name: 'Bäckerei Müller'.normalize('NFD'), city: 'São Paulo'.normalize('NFD'), description_short: 'Crème brûlée'.normalize('NFD') }, held)).toEqual({
      payload: {},
      changes: [],
      columns: [],
    });
    expect(diffRow({ name: 'Bäckerei Müller GmbH'.normalize('NFD') }, held).payload).toEqual({ name: 'Bäckerei Müller GmbH'.normalize('NFD') });
    // A CJK compatibility ideograph is a character of its own, which NFC would replace by its unified form.
    expect(diffRow({ name: '\u8C48田' }, { ...business, name: '\uF900田' }).payload).toEqual({ name: '\u8C48田' });
  });
});

describe('nested fields sent whole', () => {
  it('sends photos whole: a new logo keeps the primary and secondary photos as read', () => {
    const diff = diffRow({ 'photos.LOGO': 'https://cdn.example.com/new-logo.png' }, business);
    expect(diff.payload).toEqual({ photos: { ...photos, LOGO: 'https://cdn.example.com/new-logo.png' } });
    expect(diff.changes).toEqual([`photos.LOGO: '${photos.LOGO}' -> 'https://cdn.example.com/new-logo.png'`]);
  });

  it('sends custom_fields whole: the other custom fields go as read', () => {
    expect(diffRow({ 'custom_fields.seats': '60' }, business).payload).toEqual({ custom_fields: { seats: 60, has_parking: true } });
  });

  it('reads a custom_fields or photos left out, or null, as holding no value: the row alone is the whole object', () => {
    for (const absent of [null, undefined]) {
      const current = { ...business, custom_fields: absent, photos: absent };
      expect(diffRow({ 'custom_fields.seats': '60', 'photos.LOGO': photos.LOGO }, current).payload).toEqual({ custom_fields: { seats: 60 }, photos: { LOGO: photos.LOGO } });
    }
  });

  it('keeps the other list of specific_hours and the other contacts', () => {
    const diff = diffRow({ 'specific_hours.close': '2026-12-25', 'contacts.0.fax': '+33302060628' }, business);
    expect(diff.payload).toEqual({
      specific_hours: { ...(business.specific_hours as object), close: [{ starts_at: '2026-12-25', ends_at: '2026-12-25' }] },
      contacts: [{ name: 'Claire', email: 'old@example.com', fax: '+33302060628' }, { name: 'Paul', email: 'paul@example.com' }],
    });
  });

  it('refuses a row that leaves out a day the read does not give, and never sends that day closed', () => {
    const { sunday: _sunday, ...noSunday } = week;
    expect(completeRow({ 'open_hours.monday': '10:00-18:00' }, { ...business, open_hours: noSunday })).toEqual({
      errors: ['open_hours: the current sunday is unknown; give all seven days'],
    });
    const { saturday: _saturday, ...noWeekend } = noSunday;
    expect(completeRow({ 'open_hours.monday': '10:00-18:00' }, { ...business, open_hours: noWeekend })).toEqual({
      errors: ['open_hours: the current saturday and sunday are unknown; give all seven days'],
    });
    expect(completeRow({ 'open_hours.monday': '10:00-18:00' }, { ...business, open_hours: null })).toEqual({
      errors: ['open_hours: the current week is unknown; give all seven days'],
    });
  });

  it('sends a week the row gives whole, whatever the read lacks', () => {
    const cells = Object.fromEntries(WEEK_DAYS.map((day) => [`open_hours.${day}`, day === 'sunday' ? 'closed' : '08:00-12:00']));
    expect(completeRow(cells, { ...business, open_hours: null })).toEqual({ payload: { open_hours: { ...Object.fromEntries(WEEK_DAYS.map((day) => [day, ['08:00-12:00']])), sunday: [] } } });
  });

  it('refuses a list of specific_hours, or contacts, the read does not give', () => {
    expect(completeRow({ 'specific_hours.close': '2026-12-25' }, { ...business, specific_hours: { close: [] } })).toEqual({
      errors: ['specific_hours: the current open list is unknown; give specific_hours.open and specific_hours.close'],
    });
    expect(completeRow({ 'contacts.0.email': 'new@example.com', 'open_hours.monday': '10:00-18:00' }, { ...business, contacts: null, open_hours: {} })).toEqual({
      errors: ['open_hours: the current week is unknown; give all seven days', 'contacts: the current contacts are unknown; the first one cannot be sent without the others'],
    });
  });
});

describe('values that are the same', () => {
  it('takes a number the service gives as text, trailing zeros or not, for the same number', () => {
    for (const lat of ['48.85', '48.850', 48.85]) expect(diffRow({ lat: '48.85' }, { ...business, lat }).payload).toEqual({});
    expect(diffRow({ groups: '1,2' }, { ...business, groups: ['1', '2.0'] }).payload).toEqual({});
    expect(diffRow({ lat: '48.86' }, { ...business, lat: '48.850' }).payload).toEqual({ lat: 48.86 });
  });

  it("takes a number a float's noise apart, as a CRM's extract prints a double, for the same number; a real edit still goes", () => {
    expect(diffRow({ long: '7.2545470000001' }, { ...business, long: 7.254547 }).payload).toEqual({});
    expect(diffRow({ lat: '43.70000000000001' }, { ...business, lat: '43.7' }).payload).toEqual({});
    expect(diffRow({ long: '7.2545471' }, { ...business, long: 7.254547 }).payload).toEqual({ long: 7.2545471 });
    expect(diffRow({ groups: '1000000000001' }, { ...business, groups: [1_000_000_000_000] }).payload).toEqual({ groups: [1_000_000_000_001] });
  });

  it('keeps texts as texts, and an absent value the same as an empty one inside a nested field', () => {
    expect(diffRow({ description_short: '1.5' }, { ...business, description_short: '1.50' }).payload).toEqual({ description_short: '1.5' });
    expect(diffRow({ 'contacts.0.fax': '#clear' }, business).payload).toEqual({});
  });
});

describe('the three-way merge, column by column', () => {
  const base = (cells: Record<string, string>): string => encodeRowSnapshot({ id: 'b1', cells });

  it('sends the file’s own changes, keeps the service’s, and names a field both changed', () => {
    const current = { ...business, name: 'Renamed in the service', city: 'Lyon', zipcode: '69001' };
    const exported = base({ name: 'Old name', city: 'Lyon', zipcode: '69000' });
    const plan = planRow({ _base: exported, name: 'Old name', city: 'Paris', zipcode: '69002' }, current);
    expect(plan).toMatchObject({ status: 'conflict', errors: ["conflict: zipcode changed in the platform since the export ('69000' -> '69001')"] });
    // A French Excel CSV's report is written in Windows-1252: every character of the outcome survives it.
    const text = JSON.stringify(plan);
    expect(iconv.decode(iconv.encode(text, 'windows-1252'), 'windows-1252')).toBe(text);
    const overwrite = planRow({ _base: exported, name: 'Old name', city: 'Paris', zipcode: '69002' }, current, { ...DIFF, onConflict: 'overwrite' });
    expect(overwrite).toMatchObject({
      status: 'write',
      payload: { city: 'Paris', zipcode: '69002' },
      changes: ["city: 'Lyon' -> 'Paris'", "zipcode: '69001' -> '69002'", "zipcode: base '69000' / file '69002' / current '69001' (conflict: the file wins)"],
    });
  });

  it('in patch mode sends every filled cell, its plan columns only what changes', () => {
    const plan = planRow({ name: 'Old name', lat: '48.9' }, { ...business, lat: 48.85 }, { mode: 'patch', allowCodeChanges: false });
    expect(plan).toMatchObject({ status: 'write', payload: { name: 'Old name', lat: 48.9 }, changes: ["name: -> 'Old name'", "lat: -> '48.9'"] });
    expect(plan.status === 'write' && plan.columns.map(({ column }) => column.header)).toEqual(['lat']);
  });

  it('leaves a nested field alone when its cells change nothing, whatever the read lacks', () => {
    const { sunday: _sunday, ...noSunday } = week;
    expect(planRow({ 'open_hours.monday': '09:00-18:00' }, { ...business, open_hours: noSunday })).toEqual({ status: 'unchanged', changes: [], errors: [] });
  });
});

describe('a list the export wrote empty', () => {
  it('is no change made in the platform where the business holds an empty list: the file fills it', () => {
    const bare: CurrentBusiness = { ...business, photos: { ...photos, secondary: [] }, specific_hours: { open: [], close: [] } };
    const exported = { 'photos.secondary': '', 'specific_hours.open': '', 'specific_hours.close': '' };
    const _base = encodeRowSnapshot({ id: 'b1', cells: exported });
    const diff = diffRow(
      { 'photos.secondary': 'https://cdn.example.com/new.png', 'specific_hours.open': '2026-12-31 20:00-00:00', 'specific_hours.close': '2026-12-25', _base },
      bare,
    );
    expect(diff.payload).toMatchObject({
      photos: { secondary: ['https://cdn.example.com/new.png'] },
      specific_hours: { open: [{ starts_at: '2026-12-31', ends_at: '2026-12-31', open_hours: ['20:00-00:00'] }], close: [{ starts_at: '2026-12-25', ends_at: '2026-12-25' }] },
    });
  });
});

describe('_changes', () => {
  it('shows each value as its cell holds it, so that it copies back into the sheet', () => {
    const current: CurrentBusiness = { ...business, categories: ['gcid:bakery'], contacts: [{ phone_numbers: ['+33612345678'] }] };
    const diff = diffRow(
      { categories: 'gcid:bakery|gcid:cafe', 'contacts.0.phone_numbers': '+33612345678|+33495210002', 'open_hours.sunday': 'closed', 'open_hours.monday': '09:00-12:00,14:00-18:00' },
      current,
    );
    expect(diff.changes).toEqual([
      "categories: 'gcid:bakery' -> 'gcid:bakery|gcid:cafe'",
      "contacts.0.phone_numbers: '+33612345678' -> '+33612345678|+33495210002'",
      "open_hours.monday: '09:00-18:00' -> '09:00-12:00,14:00-18:00'",
      "open_hours.sunday: '09:00-18:00' -> 'closed'",
    ]);
  });

  it('shows specific hours as their cell, and walks into two lists that look alike cut short', () => {
    const days = ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-31', '2027-01-01', '2027-01-06'];
    const closed = (list: readonly string[]) => list.map((day) => ({ starts_at: day, ends_at: day }));
    const current: CurrentBusiness = { ...business, specific_hours: { open: [], close: [] } };
    expect(diffRow({ 'specific_hours.close': '2026-12-25' }, current).changes).toEqual(["specific_hours.close: '' -> '2026-12-25'"]);
    const long: CurrentBusiness = { ...business, specific_hours: { open: [], close: closed(days) } };
    expect(diffRow({ 'specific_hours.close': [...days.slice(0, 5), '2027-01-07'].join('|') }, long).changes).toEqual([
      "specific_hours.close.5.starts_at: '2027-01-06' -> '2027-01-07'",
      "specific_hours.close.5.ends_at: '2027-01-06' -> '2027-01-07'",
    ]);
  });
});
