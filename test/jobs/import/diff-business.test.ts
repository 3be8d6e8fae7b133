import { describe, expect, it } from 'vitest';
import { WEEK_DAYS } from '../../../src/api/service-facts.js';
import { completeBusinessUpdate, type CurrentBusiness } from '../../../src/jobs/import/businesses/complete-business-update.js';
import { diffBusiness } from '../../../src/jobs/import/businesses/diff-business.js';
import { assembleBusinessUpdate } from '../../../src/resources/businesses/assemble-business-update.js';
import { buildBusinessCatalog } from '../../../src/resources/businesses/business-catalog.js';
import { DOT_CONTEXT } from '../../../src/resources/cell-context.js';

const SHEET = ['business_id', 'name', 'contacts.0.email', 'photos.LOGO', 'photos.primary', 'open_hours.monday', 'open_hours.tuesday'];
const catalog = buildBusinessCatalog([]);
const columns = catalog.columns.filter((column) => SHEET.includes(column.header) && column.path !== undefined);
const readRow = catalog.createRowReader(SHEET, DOT_CONTEXT);

const week = Object.fromEntries(WEEK_DAYS.map((day) => [day, ['09:00-18:00']]));
const business: CurrentBusiness = {
  id: 'b1',
  org_id: 1,
  name: 'Old name',
  contacts: [{ name: 'Claire', email: 'old@example.com' }],
  photos: { LOGO: 'https://cdn.example.com/logo.png', primary: 'https://cdn.example.com/front.png' },
  open_hours: week,
};

function diffRow(cells: Record<string, string>, current: CurrentBusiness) {
  const { update } = readRow({ kind: 'row', line: 2, values: { business_id: 'b1', ...cells } });
  if (update === undefined) throw new Error('the row has no update');
  return diffBusiness(completeBusinessUpdate(assembleBusinessUpdate(update), current), current, columns);
}

describe('one diff per business row', () => {
  it('gives the payload, the _changes and the columns of the plan and the undo file from one comparison', () => {
    const diff = diffRow(
      { name: 'New name', 'contacts.0.email': 'new@example.com', 'photos.LOGO': 'https://cdn.example.com/logo.png', 'photos.primary': 'https://cdn.example.com/new.png', 'open_hours.monday': '10:00-18:00', 'open_hours.tuesday': '09:00-18:00' },
      business,
    );
    expect(diff.payload).toEqual({
      name: 'New name',
      photos: { primary: 'https://cdn.example.com/new.png' },
      open_hours: { ...week, monday: ['10:00-18:00'] },
      contacts: [{ name: 'Claire', email: 'new@example.com' }],
    });
    expect(diff.changes).toEqual([
      "name: 'Old name' -> 'New name'",
      "photos.primary: 'https://cdn.example.com/front.png' -> 'https://cdn.example.com/new.png'",
      "open_hours.monday: '09:00-18:00' -> '10:00-18:00'",
      "contacts.0.email: 'old@example.com' -> 'new@example.com'",
    ]);
    expect(diff.columns.map(({ column, before, after }) => [column.header, before, after])).toEqual([
      ['name', 'Old name', 'New name'],
      ['contacts.0.email', 'old@example.com', 'new@example.com'],
      ['photos.primary', 'https://cdn.example.com/front.png', 'https://cdn.example.com/new.png'],
      ['open_hours.monday', ['09:00-18:00'], ['10:00-18:00']],
    ]);
  });

  it('tells the columns under a field the business lacks by their own values', () => {
    const diff = diffRow({ 'open_hours.monday': '10:00-18:00' }, { ...business, open_hours: null });
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]).toMatch(/^open_hours: '' -> /);
    // The week is sent whole: the days the row leaves empty go from none to closed, and the plan says so.
    expect(diff.columns.map(({ column, before, after }) => [column.header, before, after])).toEqual([
      ['open_hours.monday', undefined, ['10:00-18:00']],
      ['open_hours.tuesday', undefined, []],
    ]);
  });

  it('changes nothing for a row equal to its business', () => {
    expect(diffRow({ name: 'Old name', 'open_hours.monday': '09:00-18:00' }, business)).toEqual({ payload: {}, changes: [], columns: [] });
  });
});
