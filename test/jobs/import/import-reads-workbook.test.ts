import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import { SourceFile } from '../../../src/sheets/file/source-file.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

let harness: ImportHarness;
let workbook = '';
beforeAll(async () => {
  harness = await startImportHarness({ businesses: 40 });
  // Written as exports are, by exceljs's streaming writer: the sheet comes before the workbook's parts, so a reader unpacks the whole file to find them.
  workbook = join(harness.dir, 'stores.xlsx');
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: workbook });
  const sheet = writer.addWorksheet('businesses');
  sheet.addRow(['business_id', 'description_short']).commit();
  for (const [index, business] of harness.api.emulator.state.orgBusinesses(1).slice(0, 30).entries()) sheet.addRow([business.id, `Read once ${index}`]).commit();
  // Two megabytes of another sheet, which the zip's directory, read at each open, is small beside.
  const notes = writer.addWorksheet('notes');
  for (let index = 0; index < 40_000; index++) notes.addRow([createHash('sha256').update(String(index)).digest('hex')]).commit();
  await writer.commit();
});
afterAll(() => harness.close());

/** The bytes an import of the workbook reads, in all, as a share of its size. */
async function readShare(options: Partial<ImportOptions>): Promise<number> {
  const source = await SourceFile.open(workbook);
  let bytes = 0;
  const noteRead = source.noteRead.bind(source);
  source.noteRead = (position, read) => {
    bytes += read.length;
    noteRead(position, read);
  };
  try {
    const { summary } = await harness.importFile('businesses', workbook, { ...options, source });
    expect(summary.rows).toMatchObject({ total: 30, invalid: 0, failed: 0 });
  } finally {
    await source.close();
  }
  return bytes / source.size;
}

describe('a workbook import reads its bytes', () => {
  it('once in a dry run: the rows are read on from the header, the hash of the journal taken on the way', async () => {
    expect(await readShare({ dryRun: true })).toBeLessThan(1.2);
  });

  it('twice with breakers: the plan, then the run', async () => {
    expect(await readShare({ breakers: { maxChanges: { percent: 100 } } })).toBeLessThan(2.2);
  });

  it('once more for the rows to expect, counted in the sheet read, once a run', async () => {
    const expected: number[] = [];
    const share = await readShare({ breakers: { maxChanges: { percent: 100 } }, onRowsExpected: (rows) => expected.push(rows) });
    expect(expected).toEqual([30]);
    // The count reads the sheet's part only, not the notes beside it.
    expect(share).toBeLessThan(2.4);
  });
});

describe('a workbook whose first sheet is no table (Numbers puts its Export Summary there)', () => {
  it('is imported from the sheet that names the columns, and its rows to expect are counted there', async () => {
    const path = join(harness.dir, 'numbers.xlsx');
    const book = new ExcelJS.Workbook();
    const summary = book.addWorksheet('Export Summary');
    summary.addRows([['This document was exported from Numbers.'], [], ['Numbers Sheet Name', 'Numbers Table Name', 'Excel Worksheet Name'], ['Sheet 1', 'Table 1', 'Sheet 1 - Table 1']]);
    const businesses = harness.api.emulator.state.orgBusinesses(1).slice(0, 2);
    book.addWorksheet('Sheet 1 - Table 1').addRows([['business_id', 'description_short'], ...businesses.map((business) => [business.id, 'From Numbers'])]);
    await book.xlsx.writeFile(path);
    const expected: number[] = [];
    const { summary: result } = await harness.importFile('businesses', path, { dryRun: true, onRowsExpected: (rows) => expected.push(rows) });
    expect(result.rows).toMatchObject({ total: 2, would_update: 2 });
    expect(result.warnings).toEqual([expect.stringContaining("Sheet 'Export Summary', the first, names no column the import reads: sheet 'Sheet 1 - Table 1' is read")]);
    expect(expected).toEqual([2]);
  });
});

describe('the rows to expect of a sheet with titles above its header', () => {
  const titles = [['Stores of the North region'], ['Exported 2026-11-28'], []];

  it('leave the titles out in a workbook', async () => {
    const path = join(harness.dir, 'titled.xlsx');
    const book = new ExcelJS.Workbook();
    const businesses = harness.api.emulator.state.orgBusinesses(1).slice(0, 3);
    book.addWorksheet('businesses').addRows([...titles, ['business_id', 'description_short'], ...businesses.map((business) => [business.id, 'Under a title'])]);
    await book.xlsx.writeFile(path);
    const expected: number[] = [];
    const { summary } = await harness.importFile('businesses', path, { dryRun: true, onRowsExpected: (rows) => expected.push(rows) });
    expect(summary.rows.total).toBe(3);
    expect(expected).toEqual([3]);
  });

  it('leave the titles and the empty lines among them out in a CSV file', async () => {
    const path = join(harness.dir, 'titled.csv');
    const businesses = harness.api.emulator.state.orgBusinesses(1).slice(0, 3);
    await writeFile(path, ['sep=,', ...titles.map((cells) => cells.join(',')), 'business_id,description_short', ...businesses.map((business) => `${business.id},Under a title`), ''].join('\r\n'));
    const expected: number[] = [];
    const { summary } = await harness.importFile('businesses', path, { dryRun: true, onRowsExpected: (rows) => expected.push(rows) });
    expect(summary.rows.total).toBe(3);
    expect(expected).toEqual([3]);
  });
});

describe('the rows to expect of a sheet with a footer below its rows', () => {
  it('are counted again once the rows end, without the totals and footer, so that the progress reaches all of them', async () => {
    const path = join(harness.dir, 'footer.csv');
    const businesses = harness.api.emulator.state.orgBusinesses(1).slice(0, 3);
    const footer = ['Total,3', '', 'Generated by the CRM'];
    await writeFile(path, ['business_id,description_short', ...businesses.map((business) => `${business.id},Above a footer`), ...footer, ''].join('\r\n'));
    const expected: number[] = [];
    const { summary } = await harness.importFile('businesses', path, { dryRun: true, onRowsExpected: (rows) => expected.push(rows) });
    expect(summary.rows.total).toBe(3);
    // The lines of the file first, before a row is read.
    expect(expected).toEqual([6, 3]);
  });
});
