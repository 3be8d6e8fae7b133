import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { STATUS_FILLS } from '../../../src/jobs/import/report/status-fills.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

const logger = pino({ level: 'silent' });

async function loadWorkbook(path: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

function sheetOf(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const sheet = workbook.getWorksheet(name);
  if (sheet === undefined) throw new Error(`no sheet ${name}`);
  return sheet;
}

function textsOf(row: ExcelJS.Row): string[] {
  return Array.from({ length: row.cellCount }, (_, index) => row.getCell(index + 1).text);
}

function headerOf(sheet: ExcelJS.Worksheet): string[] {
  return textsOf(sheet.getRow(1));
}

/** The Summary sheet as `section / item` → value. */
function readSummary(sheet: ExcelJS.Worksheet): Map<string, unknown> {
  const summary = new Map<string, unknown>();
  sheet.eachRow((row, index) => {
    const value = row.getCell(3);
    if (index > 1) summary.set(`${row.getCell(1).text} / ${row.getCell(2).text}`, typeof value.value === 'number' ? value.value : value.text);
  });
  return summary;
}

/** The cell of a row under a header, by the business id in column A. */
function cellOf(sheet: ExcelJS.Worksheet, id: string, header: string): ExcelJS.Cell {
  const column = headerOf(sheet).indexOf(header) + 1;
  let found: ExcelJS.Cell | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(1).text === id) found = row.getCell(column);
  });
  if (found === undefined || column === 0) throw new Error(`no cell ${header} for ${id}`);
  return found;
}

describe('the results workbook', () => {
  let harness: ImportHarness;
  let businesses: Business[];
  let exported: string;
  beforeAll(async () => {
    harness = await startImportHarness();
    businesses = harness.api.emulator.state.orgBusinesses(1).slice(0, 3);
    exported = join(harness.dir, 'stores.xlsx');
    const client = createApiClient({ baseUrl: harness.api.url, apiKey: harness.api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      await exportBusinesses(client, { out: exported, filters: {} }, logger);
    } finally {
      await client.close();
    }
  });
  afterAll(() => harness.close());

  const at = (index: number): Business => {
    const business = businesses[index];
    if (business === undefined) throw new Error(`no business ${index}`);
    return business;
  };

  /** The export, edited as in Excel: cells set by business id; the rows sheet only. */
  async function editExport(name: string, edits: Record<string, Record<string, ExcelJS.CellValue>>): Promise<string> {
    const workbook = await loadWorkbook(exported);
    const sheet = sheetOf(workbook, 'businesses');
    for (const [id, cells] of Object.entries(edits)) for (const [header, value] of Object.entries(cells)) cellOf(sheet, id, header).value = value;
    const path = join(harness.dir, name);
    await workbook.xlsx.writeFile(path);
    return path;
  }

  it('opens on a Summary sheet, then the rows: report columns after the key ones, frozen, filtered, coloured, _base hidden, landscape', async () => {
    const [a, b] = [at(0), at(1)];
    const file = await editExport('edited.xlsx', { [a.id]: { name: 'Renamed in Excel' }, [b.id]: { lat: 'north' } });
    const { summary } = await harness.importFile('businesses', file);
    expect(summary.rows).toMatchObject({ updated: 1, invalid: 1 });

    const results = await loadWorkbook(join(summary.report_dir, 'results.xlsx'));
    expect(results.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'businesses']);
    const rows = sheetOf(results, 'businesses');
    expect(headerOf(rows).slice(0, 7)).toEqual(['business_id', 'code', 'name', '_row', '_status', '_errors', '_changes']);
    expect(headerOf(rows).slice(-2)).toEqual(['_target', '_http_status']);
    expect(rows.views[0]).toMatchObject({ state: 'frozen', xSplit: 5, ySplit: 1 });
    expect(rows.autoFilter).toBe(`A1:${rows.getColumn(headerOf(rows).length).letter}${rows.rowCount}`);
    expect(rows.getColumn(headerOf(rows).indexOf('_base') + 1).hidden).toBe(true);
    expect(rows.getColumn(headerOf(rows).indexOf('name') + 1).hidden).toBe(false);
    expect(rows.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(cellOf(rows, a.id, '_status').fill).toMatchObject({ fgColor: { argb: STATUS_FILLS.updated } });
    expect(cellOf(rows, b.id, '_status').fill).toMatchObject({ fgColor: { argb: STATUS_FILLS.invalid } });
    // exceljs leaves out a column of its default width, 9.
    const widths = headerOf(rows).map((_, index) => rows.getColumn(index + 1).width ?? 9);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...widths)).toBeLessThanOrEqual(52);

    const figures = readSummary(sheetOf(results, 'Summary'));
    expect(figures.get('run / file')).toBe(file);
    expect(figures.get('rows / total')).toBe(summary.rows.total);
    expect(figures.get('rows / updated')).toBe(1);
    expect(figures.get('rows / invalid')).toBe(1);
    expect(figures.get('errors / file')).toBe('errors.xlsx');
    expect(figures.get("errors / lat: must be a number between -90 and 90, got '…'")).toBe(1);
    expect(figures.get('requests / writes')).toBe(1);
    expect(figures.get('settings / mode')).toBe('diff');
    expect(figures.get('settings / dry run')).toBe('no');
    expect(typeof figures.get('run / duration (s)')).toBe('number');

    const errors = await loadWorkbook(join(summary.report_dir, 'errors.xlsx'));
    expect(errors.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'businesses']);
    expect(sheetOf(errors, 'businesses').actualRowCount).toBe(2);
  });

  it("shows a user's own _ column, after the known ones, in results and errors", async () => {
    const b = at(1);
    const workbook = await loadWorkbook(await editExport('noted.xlsx', { [b.id]: { lat: 'north' } }));
    const sheet = sheetOf(workbook, 'businesses');
    const column = headerOf(sheet).length + 1;
    sheet.getRow(1).getCell(column).value = '_note';
    sheet.eachRow((row, index) => {
      if (index > 1) row.getCell(column).value = `note ${row.getCell(1).text}`;
    });
    const file = join(harness.dir, 'noted-by-hand.xlsx');
    await workbook.xlsx.writeFile(file);
    const { summary } = await harness.importFile('businesses', file, { dryRun: true });

    for (const name of ['results.xlsx', 'errors.xlsx']) {
      const rows = sheetOf(await loadWorkbook(join(summary.report_dir, name)), 'businesses');
      expect(headerOf(rows).slice(-4)).toEqual(['_base', '_note', '_target', '_http_status']);
      expect(rows.getColumn(headerOf(rows).indexOf('_note') + 1).hidden).toBe(false);
      expect(cellOf(rows, b.id, '_note').text).toBe(`note ${b.id}`);
    }
  });

  it('imports errors.xlsx as it is once corrected, reading the hidden _base: a change made in the API since stays', async () => {
    const c = at(2);
    const file = await editExport('bad-lat.xlsx', { [c.id]: { lat: 'north', description_short: 'From the file' } });
    const { summary } = await harness.importFile('businesses', file);
    expect(summary.rows.invalid).toBe(1);
    const errorsFile = join(summary.report_dir, 'errors.xlsx');
    expect((await harness.api.call('POST', `/business/${c.id}`, { body: { city: 'Changed in the API' } })).status).toBe(200);

    const errors = await loadWorkbook(errorsFile);
    cellOf(sheetOf(errors, 'businesses'), c.id, 'lat').value = '45.5';
    await errors.xlsx.writeFile(errorsFile);
    const again = await harness.importFile('businesses', errorsFile);
    expect(again.summary.rows).toMatchObject({ total: 1, updated: 1, invalid: 0, conflict: 0 });
    // Without _base the file's old city would have gone back over the API's.
    expect([c.lat, c.description_short, c.city]).toEqual([45.5, 'From the file', 'Changed in the API']);
    expect(again.results[0]?._changes).not.toContain('city');
  });

  it('leaves no errors file when every row went through, and says so; the plan names each business by code and name', async () => {
    const a = at(0);
    const file = await editExport('clean.xlsx', { [a.id]: { city: 'Chambéry' } });
    const rehearsal = await harness.importFile('businesses', file, { dryRun: true });
    expect(rehearsal.summary.rows.would_update).toBe(1);
    expect(existsSync(join(rehearsal.summary.report_dir, 'errors.xlsx'))).toBe(false);
    const results = await loadWorkbook(join(rehearsal.summary.report_dir, 'results.xlsx'));
    expect(readSummary(sheetOf(results, 'Summary')).get('errors / none')).toBe('no row is invalid, failed or in conflict: there is no errors file');

    const plan = sheetOf(await loadWorkbook(join(rehearsal.summary.report_dir, 'plan.xlsx')), 'plan');
    expect(headerOf(plan)).toEqual(['row', 'target', 'code', 'name', 'column', 'current', 'new', 'error']);
    expect(textsOf(plan.getRow(2)).slice(1, 4)).toEqual([a.id, a.code ?? '', a.name]);
    expect(plan.views[0]).toMatchObject({ state: 'frozen', xSplit: 4, ySplit: 1 });
  });
});
