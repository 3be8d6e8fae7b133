import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { exportBusinesses } from '../../../src/jobs/export/export-businesses.js';
import { exportFeedback } from '../../../src/jobs/export/export-feedback.js';
import type { ExportOptions, ExportSummary } from '../../../src/jobs/export/export-options.js';
import { DRIFT_BASE, useDriftingEmulator } from '../../api/drifting-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { editItems } from './edit-items.js';

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

  it('lists a business that does not fit in errors.csv with its id, the path and the value, and writes the others', async () => {
    const ids = state.orgBusinesses(1).map((business) => business.id);
    const [noSunday = '', noPhones = '', noName = '', oddStatus = '', nullAddress = ''] = ids;
    service.drift = (request, body) =>
      request.path !== '/business/search'
        ? body
        : editItems(body, 'businesses', (business) => {
            if (business.id === noSunday) return { ...business, open_hours: { ...(business.open_hours as object), sunday: null } };
            if (business.id === noPhones) return { ...business, contacts: [{ name: 'Claire', phone_numbers: null }] };
            if (business.id === noName) return { ...business, name: null };
            if (business.id === oddStatus) return { ...business, status: 'permanently_closed' };
            if (business.id === nullAddress) return { ...business, address: null, address_full: null, zipcode: null, city: null, lat: null, long: null };
            return business;
          });
    const out = join(await makeTempDir(), 'businesses.csv');
    const summary = await runExport(exportBusinesses, { filters: {} }, out);
    expect(summary).toMatchObject({ rows: ids.length - 4, failures: 4, errors_file: `${out}.errors.csv` });
    const errors = await readCsv(`${out}.errors.csv`);
    expect(errors).toEqual([
      { requested: `GET /business/search page 1, business ${noSunday}`, status: '', message: 'unreadable: open_hours.sunday is null (expected a list)' },
      { requested: `GET /business/search page 1, business ${noPhones}`, status: '', message: 'unreadable: contacts.0.phone_numbers is null (expected a list)' },
      { requested: `GET /business/search page 1, business ${noName}`, status: '', message: 'unreadable: name is null (expected a text)' },
      {
        requested: `GET /business/search page 1, business ${oddStatus}`,
        status: '',
        message: 'unreadable: status is "permanently_closed" (expected one of open, closed, opening_soon, temporarily_closed)',
      },
    ]);
    const rows = await readCsv(out);
    expect(rows.map((row) => row.business_id)).toEqual(ids.filter((id) => ![noSunday, noPhones, noName, oddStatus].includes(id)));
    // Null address fields read as empty values.
    expect(rows.find((row) => row.business_id === nullAddress)).toMatchObject({ address: '', city: '#clear', zipcode: '#clear', lat: '#clear', long: '#clear' });
  });

  it('lists a feedback result that does not fit and writes the others', async () => {
    const [odd] = state.feedbackResults.filter((result) => result.state === 'treated');
    service.drift = (request, body) =>
      request.path !== '/feedback/feedback_result' ? body : editItems(body, 'items', (result) => (result.id === odd?.id ? { ...result, state: 'archived', comments: null } : result));
    const out = join(await makeTempDir(), 'feedback.csv');
    const summary = await runExport(exportFeedback, { filters: {} }, out);
    const readable = state.feedbackResults.filter((result) => state.businesses.get(result.business_id)?.org_id === 1);
    expect(summary).toMatchObject({ rows: readable.length - 1, failures: 1 });
    const [error] = await readCsv(`${out}.errors.csv`);
    expect(error?.requested).toMatch(new RegExp(`^GET /feedback/feedback_result page \\d, result ${String(odd?.id)}$`));
    expect(error?.message).toBe('unreadable: state is "archived" (expected one of treated, not_treated); comments is null (expected a list)');
    expect((await readCsv(out)).map((row) => row.id)).not.toContain(String(odd?.id));
  });
});
