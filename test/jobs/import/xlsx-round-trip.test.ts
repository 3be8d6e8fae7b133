import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { importSheet } from '../../../src/jobs/import/import-sheet.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

describe('XLSX exports typed cells, and their reports', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 30, feedback: 0, ratePerMinute: 100_000 });
  });
  afterAll(() => api.close());

  const client = () => createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });

  async function exportWorkbook(): Promise<{ file: string; workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet; header: string[] }> {
    const file = join(await makeTempDir(), 'businesses.xlsx');
    const exporting = client();
    await exportBusinesses(exporting, { out: file, filters: {} }, logger).finally(() => exporting.close());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('businesses');
    if (sheet === undefined) throw new Error('no businesses sheet');
    const first = sheet.getRow(1);
    // Cells count from 1: the header's index of a column is its cell's.
    const header = ['', ...Array.from({ length: first.cellCount }, (_, index) => first.getCell(index + 1).text)];
    return { file, workbook, sheet, header };
  }

  async function importFile(file: string, dryRun = false) {
    const reportDir = join(await makeTempDir(), 'report');
    const importing = client();
    const summary = await importSheet(importing, 'businesses', { file, reportDir, mode: 'diff', dryRun }, logger).finally(() => importing.close());
    const results = new ExcelJS.Workbook();
    await results.xlsx.readFile(join(reportDir, 'results.xlsx'));
    return { summary, results };
  }

  it('writes numbers as numbers and dates as dates, codes and zip codes as text, and reads them back equal', async () => {
    const { file, sheet, header } = await exportWorkbook();
    const cellOf = (row: ExcelJS.Row, column: string): ExcelJS.Cell => row.getCell(header.indexOf(column));
    const dated = api.emulator.state.orgBusinesses(1).find((business) => business.opening_date != null);
    let checked = 0;
    sheet.eachRow((row, index) => {
      if (index === 1 || cellOf(row, 'business_id').text !== dated?.id) return;
      expect(typeof cellOf(row, 'lat').value).toBe('number');
      expect(cellOf(row, 'opening_date').value).toEqual(new Date(`${dated.opening_date ?? ''}T00:00:00Z`));
      expect(cellOf(row, 'code').type).not.toBe(ExcelJS.ValueType.Number);
      expect(cellOf(row, 'code').text).toBe(dated.code);
      expect(cellOf(row, 'zipcode').type).not.toBe(ExcelJS.ValueType.Number);
      checked++;
    });
    expect(checked).toBe(1);

    const { summary } = await importFile(file);
    // Untouched rows are told by their cells alone, as _base recorded them: what was written reads back the same.
    expect(summary.rows).toMatchObject({ unchanged: summary.rows.total, invalid: 0, failed: 0 });
    // The custom field definitions alone.
    expect(summary.requests.reads).toBe(1);
  });

  it('names a conflict in _errors, and counts in the Summary only the conflicts there are', async () => {
    const business = api.emulator.state.orgBusinesses(1)[3];
    if (business === undefined) throw new Error('no business');
    Object.assign(business, { country: 'FR', zipcode: '06000' });
    const exportedCity = business.city ?? '';
    const { file, workbook, sheet, header } = await exportWorkbook();
    sheet.eachRow((row) => {
      if (row.getCell(header.indexOf('business_id')).text !== business.id) return;
      row.getCell(header.indexOf('city')).value = 'Chambéry';
      // What Excel keeps of 06000 in a General cell: a note in _changes, no conflict.
      row.getCell(header.indexOf('zipcode')).value = 6000;
    });
    await workbook.xlsx.writeFile(file);
    const api2 = client();
    await api2.org().updateBusiness(business.id, { city: 'Albertville' }).finally(() => api2.close());

    const { summary, results } = await importFile(file);
    expect(summary.rows.conflict).toBe(1);
    const rows = results.getWorksheet('businesses');
    const conflict = `conflict: city changed in the platform since the export ('${exportedCity}' -> 'Albertville')`;
    const errors: string[] = [];
    rows?.eachRow((row) => {
      const texts = Array.from({ length: row.cellCount }, (_, index) => row.getCell(index + 1).text);
      if (texts.includes('conflict')) errors.push(...texts.filter((text) => text.startsWith('conflict: ')));
    });
    expect(errors).toEqual([conflict]);
    const tallied: string[] = [];
    results.getWorksheet('Summary')?.eachRow((row) => {
      if (row.getCell(1).text === 'errors') tallied.push(`${row.getCell(2).text} = ${row.getCell(3).text}`);
    });
    expect(tallied).toEqual(['file = errors.xlsx', "conflict: city changed in the platform since the export ('…' -> '…') = 1"]);

    // A rehearsal's plan lists the conflict under its column.
    const { summary: rehearsal } = await importFile(file, true);
    const plan = new ExcelJS.Workbook();
    await plan.xlsx.readFile(join(rehearsal.report_dir, 'plan.xlsx'));
    const lines: string[] = [];
    plan.getWorksheet('plan')?.eachRow((row, index) => {
      if (index > 1) lines.push(`${row.getCell(5).text} / ${row.getCell(8).text}`);
    });
    expect(lines).toEqual([`city / ${conflict}`]);
  });
});
