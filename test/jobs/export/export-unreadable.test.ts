import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { exportAttributes } from '../../../src/jobs/export/resources/export-attributes.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { exportServices } from '../../../src/jobs/export/resources/export-services.js';
import { exportFeedback } from '../../../src/jobs/export/resources/export-feedback.js';
import { exportGeoLocations } from '../../../src/jobs/export/resources/export-geo-locations.js';
import { exportMessageTemplates } from '../../../src/jobs/export/resources/export-message-templates.js';
import type { ExportOptions, ExportSummary } from '../../../src/jobs/export/export-options.js';
import { DRIFT_BASE, useDriftingEmulator } from '../../api/drifting-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { editItems, type AnswerItem } from './edit-items.js';

const logger = pino({ level: 'silent' });

async function readCsv(path: string): Promise<Record<string, string>[]> {
  return parse<Record<string, string>>(await readFile(path, 'utf8'), { bom: true, columns: true });
}

describe('an export reads each item on its own', () => {
  const service = useDriftingEmulator({ businesses: 60, feedback: 40 });
  const { state } = service.emulator;

  async function runExport(exporter: typeof exportBusinesses, options: Omit<ExportOptions, 'out'>, out: string): Promise<ExportSummary> {
    const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    try {
      return await exporter(client, { ...options, out }, logger);
    } finally {
      await client.close();
    }
  }

  it('reads each business field by field: empty values as empty cells, unknown text as it is, a value that fits nothing as JSON text with a warning', async () => {
    const ids = state.orgBusinesses(1).map((business) => business.id);
    const [noSunday = '', noPhones = '', noName = '', oddStatus = '', nullAddress = '', oddContacts = '', oddUrl = '', listedFields = ''] = ids;
    service.drift = (request, body) =>
      request.path !== '/business/search'
        ? body
        : editItems(body, 'businesses', (business) => {
            if (business.id === noSunday) return { ...business, open_hours: { ...(business.open_hours as object), sunday: null, monday: ['18:00-24:00'] } };
            if (business.id === noPhones) return { ...business, contacts: [{ name: 'Claire', phone_numbers: null, fax: null }] };
            if (business.id === noName) return { ...business, name: null, network_a_url: null, photos: null };
            if (business.id === oddStatus) return { ...business, status: 'permanently_closed' };
            if (business.id === nullAddress) return { ...business, address: null, address_full: null, zipcode: null, city: null, lat: null, long: null };
            if (business.id === oddContacts) return { ...business, contacts: { name: 'Claire' } };
            if (business.id === oddUrl) return { ...business, website_url: 42 };
            if (business.id === listedFields) {
              const values = business.custom_fields as Record<string, unknown>;
              return { ...business, custom_fields: Object.entries(values).map(([name, value], index) => ({ id: index + 1, name, type: 'X', value, order: index })) };
            }
            return business;
          });
    const out = join(await makeTempDir(), 'businesses.csv');
    const summary = await runExport(exportBusinesses, { filters: {} }, out);
    // Every business is written; nothing failed, and errors.csv holds the two warnings.
    expect(summary).toMatchObject({ rows: ids.length, failures: 0, errors_file: `${out}.errors.csv` });
    expect(await readCsv(`${out}.errors.csv`)).toEqual([
      { requested: `business ${oddContacts}`, status: '', message: 'warning: contacts is an object (expected a list): written as JSON text' },
      { requested: `business ${oddUrl}`, status: '', message: 'warning: website_url is 42 (expected a text): written as JSON text' },
    ]);
    const rows = new Map((await readCsv(out)).map((row) => [row.business_id, row]));
    expect(rows.get(noSunday)?.['open_hours.sunday']).toBe('closed');
    // A window to midnight is read as the published description writes it, and so written back.
    expect(rows.get(noSunday)?.['open_hours.monday']).toBe('18:00-00:00');
    expect(rows.get(noPhones)).toMatchObject({ 'contacts.0.name': 'Claire', 'contacts.0.phone_numbers': '', 'contacts.0.fax': '' });
    expect(rows.get(noName)).toMatchObject({ name: '', network_a_url: '', 'photos.LOGO': '', 'photos.secondary': '' });
    expect(rows.get(oddStatus)?.status).toBe('permanently_closed');
    expect(rows.get(nullAddress)).toMatchObject({ address: '', city: '', zipcode: '', lat: '', long: '' });
    expect(rows.get(oddContacts)).toMatchObject({ 'contacts.0.name': '{"name":"Claire"}', 'contacts.0.email': '{"name":"Claire"}' });
    expect(rows.get(oddUrl)?.website_url).toBe('42');
    // Custom fields given as a list read as the map keyed by name: the same cells as the plain shape.
    const listed = state.businesses.get(listedFields);
    const seats = listed?.custom_fields.seats as number | null | undefined;
    const format = listed?.custom_fields.store_format as string | null | undefined;
    expect(rows.get(listedFields)?.['custom_fields.seats']).toBe(seats == null ? '' : String(seats));
    expect(rows.get(listedFields)?.['custom_fields.store_format']).toBe(format ?? '');
  });

  it('writes a cell longer than a spreadsheet cell holds whole, with a warning naming its business and column', async () => {
    const [business] = state.orgBusinesses(1);
    const long = `${'Fresh bread every morning. '.repeat(1300)}End.`;
    service.drift = (request, body) =>
      request.path !== '/business/search' ? body : editItems(body, 'businesses', (item) => (item.id === business?.id ? { ...item, description_long: long } : item));
    const out = join(await makeTempDir(), 'businesses.xlsx');
    const summary = await runExport(exportBusinesses, { filters: {} }, out);
    expect(summary).toMatchObject({ failures: 0, warnings: [`1 value(s) did not read or do not fit a spreadsheet cell, each listed in ${out}.errors.csv with what was done with it`] });
    expect(await readCsv(`${out}.errors.csv`)).toEqual([
      {
        requested: `business ${business?.id ?? ''}`,
        status: '',
        message: 'warning: description_long: 35,104 characters, more than the 32,767 a spreadsheet cell holds: written whole, but Excel cuts it when it opens the file, and an import refuses a cell so long',
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.getWorksheet('businesses');
    const columns = new Map<string, number>();
    sheet?.getRow(1).eachCell((cell, column) => columns.set(cell.text, column));
    const cells: string[] = [];
    sheet?.eachRow((row) => {
      if (row.getCell(columns.get('business_id') ?? 0).text === business?.id) cells.push(row.getCell(columns.get('description_long') ?? 0).text);
    });
    expect(cells).toEqual([long]);
  });

  it("leaves out an attribute that does not read (a type the spec does not name), with a warning line, and writes the business's others", async () => {
    const [business] = state.orgBusinesses(1);
    const attributesPath = `/business/${business?.id ?? ''}/attributes`;
    service.drift = (request, body) =>
      request.path !== attributesPath
        ? body
        : { attributes: [...(body as { attributes: unknown[] }).attributes, { type: 'INTEGER', geo_id: 'max_capacity', value: 40 }, { type: 'BOOL', geo_id: 'has_wifi', value: 'yes' }] };
    const out = join(await makeTempDir(), 'attributes.csv');
    const summary = await runExport(exportAttributes, { filters: {} }, out);
    expect(summary).toMatchObject({ failures: 0, warnings: [`2 value(s) did not read or do not fit a spreadsheet cell, each listed in ${out}.errors.csv with what was done with it`] });
    expect(await readCsv(`${out}.errors.csv`)).toEqual([
      {
        requested: `GET ${attributesPath}, attribute max_capacity`,
        status: '',
        message: 'warning: type is "INTEGER" (expected one of BOOL, ENUM, REPEATABLE_ENUM, URL, REPEATABLE_URL): left out, as a row of it could not import back',
      },
      { requested: `GET ${attributesPath}, attribute has_wifi`, status: '', message: 'warning: value is "yes" (expected true or false): left out, as a row of it could not import back' },
    ]);
    const geoIds = (await readCsv(out)).map((row) => row.geo_id);
    expect(geoIds.length).toBeGreaterThan(0);
    expect(geoIds).not.toContain('max_capacity');
  });

  it('reads a service field by field: a type the spec does not name, no name, price or category; its service_id said as text; leaves out one whose service_id is no number', async () => {
    const [business] = state.orgBusinesses(1);
    const servicesPath = `/business/${business?.id ?? ''}/services`;
    const extra = { type: 'BOOKING_ITEM', name: null, price: null, description: null, category_geo_name: 'gcid:bakery' };
    const added = [{ service_id: 999, ...extra }, { service_id: '998', ...extra }, { service_id: 'catering', ...extra }, { ...extra, service_id: 997, price: undefined, category_geo_name: null }, { ...extra, service_id: 996, price: '12,50' }];
    service.drift = (request, body) => (request.path !== servicesPath ? body : { services: [...(body as { services: unknown[] }).services, ...added] });
    const out = join(await makeTempDir(), 'services.csv');
    const summary = await runExport(exportServices, { filters: {} }, out);
    expect(summary).toMatchObject({ failures: 0 });
    expect(await readCsv(`${out}.errors.csv`)).toEqual([
      { requested: `GET ${servicesPath}, service catering`, status: '', message: 'warning: service_id is "catering" (expected a number): left out, as a row of it could not import back' },
      { requested: `GET ${servicesPath}, service 996`, status: '', message: 'warning: price is "12,50" (expected a number): written as JSON text' },
    ]);
    const rows = (await readCsv(out)).filter((row) => row.business_id === business?.id);
    expect(rows.find((row) => row.service_id === '999')).toMatchObject({ type: 'BOOKING_ITEM', name: '', description: '', price: '' });
    expect(rows.find((row) => row.service_id === '997')).toMatchObject({ price: '', category_geo_name: '' });
    expect(rows.find((row) => row.service_id === '996')?.price).toBe('"12,50"');
    expect(rows.find((row) => row.service_id === '998')).toMatchObject({ type: 'BOOKING_ITEM', category_geo_name: 'gcid:bakery' });
    expect(rows.map((row) => row.service_id)).not.toContain('catering');
  });

  it('reads each feedback result field by field: empty values as empty cells, an unknown state as it is, a value that fits nothing as JSON text with a warning; one without an id is listed', async () => {
    const readable = state.feedbackResults.filter((result) => state.businesses.get(result.business_id)?.org_id === 1);
    const [nulls, odd, noId] = readable;
    const withNulls = (result: AnswerItem): AnswerItem => {
      const [first, ...answers] = result.feedback_result_fields as AnswerItem[];
      const field = { ...(first?.feedback_form_field as AnswerItem), field_label: null };
      return {
        ...result,
        firstname: null,
        content: null,
        nps: null,
        state: 'archived',
        feedback_result_fields: [{ ...first, feedback_form_field: field }, ...answers],
        comments: [{ id: 1, created: '2026-01-01T10:00:00+01:00', author_name: null, content: null, is_reply_suggestion: false }],
        extra: { channel: null },
      };
    };
    const withOddValues = (result: AnswerItem): AnswerItem => {
      const [first, ...answers] = result.feedback_result_fields as AnswerItem[];
      return { ...result, nps: 'nine', feedback_result_fields: [{ ...first, rating: '5' }, ...answers], extra: { store: 12 } };
    };
    service.drift = (request, body) =>
      request.path !== '/feedback/feedback_result'
        ? body
        : editItems(body, 'items', (result) => {
            if (result.id === nulls?.id) return withNulls(result);
            if (result.id === odd?.id) return withOddValues(result);
            return result.id === noId?.id ? { ...result, id: null } : result;
          });
    const out = join(await makeTempDir(), 'feedback.csv');
    const summary = await runExport(exportFeedback, { filters: {} }, out);
    expect(summary).toMatchObject({ rows: readable.length - 1, failures: 1 });
    const [unreadable, ...warnings] = await readCsv(`${out}.errors.csv`);
    expect(unreadable?.requested).toMatch(/^GET \/feedback\/feedback_result page \d, result without id$/);
    expect(unreadable?.message).toBe('unreadable: id is null (expected a number)');
    expect(warnings).toEqual([
      // Its answer's label is null: the answer has no column.
      {
        requested: `feedback result ${String(nulls?.id)}`,
        status: '',
        message: "warning: feedback_result_fields.0 answers a form field without a label: left out, as only an XLSX file's Fields sheet has a place for it",
      },
      ...['nps is "nine" (expected a number)', 'feedback_result_fields.0.rating is "5" (expected a number)', 'extra.store is 12 (expected a text)'].map((problem) => ({
        requested: `feedback result ${String(odd?.id)}`,
        status: '',
        message: `warning: ${problem}: written as JSON text`,
      })),
    ]);
    const rows = new Map((await readCsv(out)).map((row) => [row.id, row]));
    expect(rows.get(String(nulls?.id))).toMatchObject({
      firstname: '',
      content: '',
      nps: '',
      state: 'archived',
      'fields.Satisfaction.rating': '',
      'comments.count': '1',
      'comments.latest.author_name': '',
      'extra.channel': '',
    });
    expect(rows.get(String(odd?.id))).toMatchObject({ nps: '"nine"', 'fields.Satisfaction.rating': '"5"', 'extra.store': '12' });
    expect(rows.has(String(noId?.id))).toBe(false);
  });

  it('tells of each answer a CSV file has no column for: a list of answers, an answer or a label that did not read', async () => {
    const readable = state.feedbackResults.filter((result) => state.businesses.get(result.business_id)?.org_id === 1);
    const [mapped, oddLabel] = readable;
    const labelled = (result: AnswerItem): AnswerItem => {
      const [first, ...answers] = result.feedback_result_fields as AnswerItem[];
      return { ...result, feedback_result_fields: [{ ...first, feedback_form_field: { ...(first?.feedback_form_field as AnswerItem), field_label: 42 } }, ...answers] };
    };
    service.drift = (request, body) =>
      request.path !== '/feedback/feedback_result'
        ? body
        : editItems(body, 'items', (result) => {
            if (result.id === mapped?.id) return { ...result, feedback_result_fields: { Satisfaction: 9 } };
            return result.id === oddLabel?.id ? labelled(result) : result;
          });
    const out = join(await makeTempDir(), 'feedback.csv');
    const summary = await runExport(exportFeedback, { filters: {} }, out);
    expect(summary).toMatchObject({ rows: readable.length, failures: 0 });
    const leftOut = 'left out, as only an XLSX file\'s Fields sheet has a place for it';
    expect(await readCsv(`${out}.errors.csv`)).toEqual([
      { requested: `feedback result ${String(mapped?.id)}`, status: '', message: `warning: feedback_result_fields is an object (expected a list): ${leftOut}` },
      { requested: `feedback result ${String(oddLabel?.id)}`, status: '', message: `warning: feedback_result_fields.0.feedback_form_field.field_label is 42 (expected a text): ${leftOut}` },
    ]);
  });

  it('tells of each answer a CSV file has no column for: one whose form field has no label, and a label answered twice by one result', async () => {
    const readable = state.feedbackResults.filter((result) => state.businesses.get(result.business_id)?.org_id === 1);
    const [unlabelled, twice] = readable;
    const relabel = (result: AnswerItem, label: (answer: AnswerItem, index: number) => unknown): AnswerItem => ({
      ...result,
      feedback_result_fields: (result.feedback_result_fields as AnswerItem[]).map((answer, index) => ({
        ...answer,
        feedback_form_field: { ...(answer.feedback_form_field as AnswerItem), field_label: label(answer, index) },
      })),
    });
    service.drift = (request, body) =>
      request.path !== '/feedback/feedback_result'
        ? body
        : editItems(body, 'items', (result) => {
            if (result.id === unlabelled?.id) return relabel(result, (answer, index) => (index === 0 ? null : (answer.feedback_form_field as AnswerItem).field_label));
            if (result.id !== twice?.id) return result;
            // Its three answers (a rating, a text, choices) under one label, then a second rating.
            const relabelled = relabel(result, () => 'Satisfaction');
            const answers = relabelled.feedback_result_fields as AnswerItem[];
            return { ...relabelled, feedback_result_fields: [...answers, { ...answers[0], rating: 1 }] };
          });
    const out = join(await makeTempDir(), 'feedback.csv');
    await runExport(exportFeedback, { filters: {} }, out);
    const leftOut = 'left out, as only an XLSX file\'s Fields sheet has a place for it';
    expect(await readCsv(`${out}.errors.csv`)).toEqual([
      { requested: `feedback result ${String(unlabelled?.id)}`, status: '', message: `warning: feedback_result_fields.0 answers a form field without a label: ${leftOut}` },
      { requested: `feedback result ${String(twice?.id)}`, status: '', message: `warning: feedback_result_fields.3 answers 'Satisfaction' again (the column has feedback_result_fields.0): ${leftOut}` },
    ]);
    // The text and the choices answered under that label have columns of their own: written, not left out.
    const row = (await readCsv(out)).find((written) => written.id === String(twice?.id));
    expect(row?.['fields.Satisfaction.content']).not.toBe('');
    expect(row?.['fields.Satisfaction.choices']).not.toBe('');
    const [firstAnswer] = (twice?.feedback_result_fields ?? []) as AnswerItem[];
    expect(row?.['fields.Satisfaction.rating']).toBe(String(firstAnswer?.rating));
  });

  it('reads each subscription of a business on its own', async () => {
    const [business] = state.orgBusinesses(1);
    const subscriptions = { presence_management: null, review_management: { active: 'yes' }, review_booster: { active: true }, messages: { active: false }, loyalty: [] };
    service.drift = (request, body) =>
      request.path !== '/business/search' ? body : editItems(body, 'businesses', (item) => (item.id === business?.id ? { ...item, subscriptions } : item));
    const out = join(await makeTempDir(), 'businesses.csv');
    await runExport(exportBusinesses, { filters: {} }, out);
    expect((await readCsv(out)).find((row) => row.business_id === business?.id)).toMatchObject({
      'subscriptions.presence_management': '',
      'subscriptions.review_management': '"yes"',
      'subscriptions.review_booster': 'true',
      'subscriptions.messages': 'false',
    });
    expect(await readCsv(`${out}.errors.csv`)).toEqual([
      { requested: `business ${business?.id ?? ''}`, status: '', message: 'warning: subscriptions.review_management.active is "yes" (expected true or false): written as JSON text' },
    ]);
  });

  it('reads geo locations and message templates field by field', async () => {
    const located = state.geoLocations.filter((item) => item.org_id === 1);
    const odd = located[0]?.id;
    service.drift = (request, body) => {
      if (request.path === '/geo-oauth-accounts/locations/search') {
        return editItems(body, 'locations', (location) => (location.id === odd ? { ...location, place_id: null, google_verifications: null, phone_numbers: 42 } : location));
      }
      if (request.path === '/messaging/templates') {
        return (body as AnswerItem[]).map((template, index) => (index === 0 ? { ...template, icon: null, usage_count: 'often' } : index === 1 ? { ...template, content: 'Hello {{client_first_name}}' } : template));
      }
      return body;
    };
    const dir = await makeTempDir();
    const locations = await runExport(exportGeoLocations, { filters: {} }, join(dir, 'locations.csv'));
    expect(locations).toMatchObject({ rows: located.length, failures: 0 });
    expect((await readCsv(join(dir, 'locations.csv'))).find((row) => row.id === odd)).toMatchObject({ place_id: '', 'google_verifications.status': '', phone_numbers: '42' });
    expect(await readCsv(join(dir, 'locations.csv.errors.csv'))).toEqual([
      { requested: `geo location ${odd ?? ''}`, status: '', message: 'warning: phone_numbers is 42 (expected a text): written as JSON text' },
    ]);
    const templates = await runExport(exportMessageTemplates, { filters: {} }, join(dir, 'templates.csv'));
    const [template, plain] = await readCsv(join(dir, 'templates.csv'));
    expect(templates).toMatchObject({ rows: 3, failures: 0 });
    expect(template).toMatchObject({ icon: '', usage_count: '"often"' });
    // A content that is no JSON holding text is told, not taken for the text.
    expect(plain?.text).toBe('"Hello {{client_first_name}}"');
    expect(await readCsv(join(dir, 'templates.csv.errors.csv'))).toEqual([
      { requested: `message template ${template?.id ?? ''}`, status: '', message: 'warning: usage_count is "often" (expected a number): written as JSON text' },
      { requested: `message template ${plain?.id ?? ''}`, status: '', message: 'warning: text is "Hello {{client_first_name}}" (expected a JSON text holding text): written as JSON text' },
    ]);
  });

  it('reads an id, an organization, groups or a store code said in the other JSON type as the same value, and checks --org against it', async () => {
    const [textOrg, numberCode, numberId] = state.orgBusinesses(1);
    service.drift = (request, body) =>
      request.path !== '/business/search'
        ? body
        : editItems(body, 'businesses', (item) => {
            if (item.id === textOrg?.id) return { ...item, org_id: '1', groups: (item.groups as number[]).map(String) };
            if (item.id === numberCode?.id) return { ...item, code: 1234 };
            return item.id === numberId?.id ? { ...item, id: 4242 } : item;
          });
    const out = join(await makeTempDir(), 'businesses.csv');
    const summary = await runExport(exportBusinesses, { filters: {}, orgId: 1 }, out);
    expect(summary).toMatchObject({ rows: state.orgBusinesses(1).length, failures: 0, errors_file: null });
    const rows = new Map((await readCsv(out)).map((row) => [row.business_id, row]));
    expect(rows.get(textOrg?.id ?? '')).toMatchObject({ org_id: '1', groups: textOrg?.groups.join('|') });
    expect(rows.get(numberCode?.id ?? '')?.code).toBe('1234');
    expect(rows.get('4242')?.name).toBe(numberId?.name);
  });

  it('reads a feedback result, a location or a template whose id comes in the other JSON type, and checks --org against a template said so', async () => {
    const [result] = state.feedbackResults.filter((item) => state.businesses.get(item.business_id)?.org_id === 1);
    const [location] = state.geoLocations.filter((item) => item.org_id === 1);
    service.drift = (request, body) => {
      if (request.path === '/feedback/feedback_result') return editItems(body, 'items', (item) => (item.id === result?.id ? { ...item, id: String(item.id) } : item));
      if (request.path === '/geo-oauth-accounts/locations/search') return editItems(body, 'locations', (item) => (item.id === location?.id ? { ...item, id: 4242 } : item));
      if (request.path === '/messaging/templates') return (body as AnswerItem[]).map((template, index) => (index === 0 ? { ...template, id: 4242, org_id: '1' } : template));
      return body;
    };
    const dir = await makeTempDir();
    const feedback = await runExport(exportFeedback, { filters: {}, orgId: 1 }, join(dir, 'feedback.csv'));
    expect(feedback).toMatchObject({ failures: 0, errors_file: null });
    expect((await readCsv(join(dir, 'feedback.csv'))).map((row) => row.id)).toContain(String(result?.id));
    const locations = await runExport(exportGeoLocations, { filters: {}, orgId: 1 }, join(dir, 'locations.csv'));
    expect(locations).toMatchObject({ failures: 0, errors_file: null });
    expect((await readCsv(join(dir, 'locations.csv'))).map((row) => row.id)).toContain('4242');
    const templates = await runExport(exportMessageTemplates, { filters: {}, orgId: 1 }, join(dir, 'templates.csv'));
    expect(templates).toMatchObject({ rows: 3, failures: 0, errors_file: null });
    expect((await readCsv(join(dir, 'templates.csv')))[0]).toMatchObject({ id: '4242', org_id: '1' });
  });

  it('writes a business that has no code key at all, as one without a store code', async () => {
    const [business] = state.orgBusinesses(1);
    service.drift = (request, body) =>
      request.path !== '/business/search' ? body : editItems(body, 'businesses', (item) => (item.id === business?.id ? { ...item, code: undefined } : item));
    const out = join(await makeTempDir(), 'businesses.csv');
    const summary = await runExport(exportBusinesses, { filters: {} }, out);
    expect(summary).toMatchObject({ rows: state.orgBusinesses(1).length, failures: 0 });
    expect((await readCsv(out)).find((row) => row.business_id === business?.id)?.code).toBe('');
  });
});
