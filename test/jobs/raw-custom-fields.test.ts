import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { exportBusinesses } from '../../src/jobs/export/resources/export-businesses.js';
import { importSheet } from '../../src/jobs/import/import-sheet.js';
import { readCustomFieldDefinitions } from '../../src/jobs/read-custom-field-definitions.js';
import { writeTemplate } from '../../src/jobs/template/write-template.js';
import { openSheetReader } from '../../src/sheets/index.js';
import { DRIFT_BASE, useDriftingEmulator } from '../api/drifting-emulator.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { editItems } from './export/edit-items.js';
import { readResults } from './import/start-import-harness.js';

/** A logger whose warnings the test reads. */
function captureWarnings() {
  const warnings: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push((JSON.parse(chunk.toString()) as { msg: string }).msg);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, destination), warnings };
}

describe('custom field definitions this client cannot type', () => {
  const service = useDriftingEmulator({ businesses: 30, feedback: 0 });
  const { state } = service.emulator;
  const writes: string[] = [];
  const client = () => createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });

  function driftCustomFields(): void {
    const section = state.customFieldSections.find((candidate) => candidate.org_id === 1)?.id;
    service.reroute = (request) => {
      if (request.method === 'POST') writes.push(request.bodyText);
      return request;
    };
    service.drift = (request, body) => {
      if (request.path === '/custom_fields') {
        const listed = editItems(body, 'custom_fields', (field) => (field.name === 'seats' ? { ...field, section_id: undefined } : field)) as { custom_fields: unknown[] };
        listed.custom_fields.push(
          { id: 9001, name: 'opening_year', slug: 'opening-year', type: 'DATE', order: 30, section_id: section },
          { id: 9002, name: 'amenities', slug: 'amenities', type: 'MULTIPLE_SELECT', possible_values: [{ value: 'wifi', label: 'Wi-Fi' }], order: 31, section_id: section },
        );
        return listed;
      }
      if (request.path === '/business/search') {
        return editItems(body, 'businesses', (business) => ({ ...business, custom_fields: { ...(business.custom_fields as object), opening_year: '2019-04-01', amenities: ['wifi'] } }));
      }
      return body;
    };
  }

  it('exports each as JSON text, imports every other column, and refuses a row that edits their cells, with one warning each', async () => {
    driftCustomFields();
    const dir = await makeTempDir();
    const out = join(dir, 'businesses.csv');
    const exporting = captureWarnings();
    const exportClient = client();
    const summary = await exportBusinesses(exportClient, { out, filters: {} }, exporting.logger).finally(() => exportClient.close());
    expect(summary).toMatchObject({ failures: 0, rows: state.orgBusinesses(1).length });
    expect(exporting.warnings.filter((warning) => warning.startsWith("custom field '"))).toEqual([
      "custom field 'seats' cannot be typed (section_id is missing (expected a number)): exported as JSON text, and its cells are ignored on import",
      "custom field 'opening_year' cannot be typed (type is \"DATE\" (expected one of BOOLEAN, TEXT, INTEGER, FLOAT, SINGLE_SELECT, MULTIPLE_SELECT, MULTIPLE_SELECT_IMAGE, IMAGES_UPLOADER)): exported as JSON text, and its cells are ignored on import",
      "custom field 'amenities' cannot be typed (possible_values.0 is an object (expected a text)): exported as JSON text, and its cells are ignored on import",
    ]);

    const rows = parse<Record<string, string>>(await readFile(out, 'utf8'), { bom: true, columns: true });
    const [first] = state.orgBusinesses(1);
    const row = rows.find((candidate) => candidate.business_id === first?.id);
    expect(row).toMatchObject({
      'custom_fields.opening_year': '"2019-04-01"',
      'custom_fields.amenities': '["wifi"]',
      'custom_fields.seats': first?.custom_fields.seats == null ? '' : JSON.stringify(first.custom_fields.seats),
      'custom_fields.has_parking': first?.custom_fields.has_parking == null ? '#clear' : JSON.stringify(first.custom_fields.has_parking),
    });

    // One row renamed, another with its untyped cells edited: the import sends neither of those cells, so that row says so.
    const second = state.orgBusinesses(1)[1];
    const name = second?.name ?? '';
    const edited = rows.map((candidate) => {
      // A date typed without JSON's quotes, a selection as the list's text: edits all the same.
      if (candidate === row) return { ...candidate, name: 'Not sent', 'custom_fields.opening_year': '2020-01-01', 'custom_fields.amenities': 'wifi|tv', 'custom_fields.seats': '12' };
      return candidate.business_id === second?.id ? { ...candidate, name: 'Renamed' } : candidate;
    });
    const file = join(dir, 'edited.csv');
    await writeFile(file, stringify(edited, { header: true }));
    writes.length = 0;
    const importing = captureWarnings();
    const importClient = client();
    const imported = await importSheet(importClient, 'businesses', { file, reportDir: join(dir, 'report'), mode: 'diff', dryRun: false }, importing.logger).finally(() => importClient.close());
    expect(imported.rows).toMatchObject({ updated: 1, failed: 0, invalid: 1, unchanged: rows.length - 2 });
    expect(writes.map((body) => JSON.parse(body) as unknown)).toEqual([{ name: 'Renamed' }]);
    expect(importing.warnings.filter((warning) => warning.includes("'opening_year'"))).toHaveLength(1);
    const results = await readResults(join(dir, 'report'));
    expect(results.find((result) => result.business_id === second?.id)?._changes).toBe(`name: '${name}' -> 'Renamed'`);
    expect(results.find((result) => result.business_id === first?.id)?._errors).toBe(
      [
        `custom_fields.seats: read-only, so the import does not send it (Custom field 'seats' as JSON (read-only: its definition does not read, section_id is missing (expected a number))); put back '${row?.['custom_fields.seats'] ?? ''}' or empty the cell, got '12'`,
        `custom_fields.opening_year: read-only, so the import does not send it (Custom field 'opening_year' as JSON (read-only: its definition does not read, type is "DATE" (expected one of BOOLEAN, TEXT, INTEGER, FLOAT, SINGLE_SELECT, MULTIPLE_SELECT, MULTIPLE_SELECT_IMAGE, IMAGES_UPLOADER))); put back '"2019-04-01"' or empty the cell, got '2020-01-01'`,
        `custom_fields.amenities: read-only, so the import does not send it (Custom field 'amenities' as JSON (read-only: its definition does not read, possible_values.0 is an object (expected a text))); put back '["wifi"]' or empty the cell, got 'wifi|tv'`,
      ].join(' | '),
    );
  });

  it('types a definition whose bound or slug is said as null, or whose id and order come as text', async () => {
    service.drift = (request, body) =>
      request.path !== '/custom_fields'
        ? body
        : editItems(body, 'custom_fields', (field) => {
            if (field.name === 'manager_note') return { ...field, max_len: null, slug: null };
            return field.name === 'seats' ? { ...field, id: String(field.id), order: String(field.order), min: null } : field;
          });
    const { logger, warnings } = captureWarnings();
    const reading = client();
    const fields = await readCustomFieldDefinitions(reading.org(), logger).finally(() => reading.close());
    expect(warnings).toEqual([]);
    const seats = state.customFields.find((field) => field.org_id === 1 && field.name === 'seats');
    expect(fields.find((field) => field.name === 'manager_note')).toMatchObject({ type: 'TEXT', max_len: undefined });
    expect(fields.find((field) => field.name === 'seats')).toMatchObject({ id: seats?.id, order: seats?.order, min: undefined });
  });

  it('leaves them out of a template', async () => {
    driftCustomFields();
    const templateClient = client();
    const customFields = await readCustomFieldDefinitions(templateClient.org(), pino({ level: 'silent' })).finally(() => templateClient.close());
    const path = join(await makeTempDir(), 'template.csv');
    await writeTemplate({ resource: 'businesses', out: path, customFields }, pino({ level: 'silent' }));
    const headers = (await openSheetReader(path)).columns.filter((header) => header.startsWith('custom_fields.'));
    expect(headers).toContain('custom_fields.has_parking');
    expect(headers).not.toContain('custom_fields.opening_year');
    expect(headers).not.toContain('custom_fields.seats');
  });
});
