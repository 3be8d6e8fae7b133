import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('the report rows of an import', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());

  it('names the business of an invalid row by its id or store code, and none for a business_id that does not read', async () => {
    const [a, b] = harness.api.emulator.state.orgBusinesses(1);
    if (a === undefined || b === undefined) throw new Error('no business');
    const csv = ['business_id,code,status', `${a.id},,bogus`, `,${b.code ?? ''},bogus`, `../x,${b.code ?? ''},open`].join('\n');

    const { results, errorsCsv } = await harness.runImport('businesses', csv, { dryRun: true });

    expect(results.map((row) => [row._status, row._target])).toEqual([
      ['invalid', a.id],
      ['invalid', `c-${b.code ?? ''}`],
      ['invalid', ''],
    ]);
    expect(errorsCsv).toContain(`,${a.id},`);
  });

  it('names the business of a row the sheet reader refuses, unless the cell that names it is the faulty one', async () => {
    const targets = (outcome: { results: Record<string, string>[] }) => outcome.results.map((row) => [row._row, row._status, row._target]);
    const csv = [
      'business_id,code,name,city',
      'b-misquoted-name,,"Le "Bon" Coin",Paris',
      '"b-misquoted-id"x,C-2,Shop,Nice',
      ',C-3,"Caf"e,Lyon',
      `b-long,,${'x'.repeat(33_000)},Lyon`,
      ',C-5,Shop,#N/A',
      '#N/A,C-6,Shop,Lyon',
      'b-cut,C-7,Sho',
    ].join('\n');
    expect(targets(await harness.runImport('businesses', csv, { dryRun: true }))).toEqual([
      ['2', 'invalid', 'b-misquoted-name'],
      ['3', 'invalid', ''],
      ['4', 'invalid', 'c-C-3'],
      ['5', 'invalid', 'b-long'],
      ['6', 'invalid', 'c-C-5'],
      ['7', 'invalid', ''],
      ['8', 'invalid', 'b-cut'],
    ]);
    // The last cell of a row cut short may be cut itself, and the cells after it were never read.
    const cutCode = await harness.runImport('businesses', 'business_id,code,name\n,C-1,Shop\n,C-2', { dryRun: true });
    expect(targets(cutCode).at(-1)).toEqual(['3', 'invalid', '']);
    const cutBeforeId = await harness.runImport('businesses', 'code,name,business_id\nC-1,Shop,b-1\nC-2,Sh', { dryRun: true });
    expect(targets(cutBeforeId).at(-1)).toEqual(['3', 'invalid', '']);

    const codePage = join(harness.dir, 'code-page.csv');
    await writeFile(codePage, Buffer.from('business_id,code,name\r\nb-1,,Caf\x81\r\n,C-2,Cr\xeaperie H\xe9l\xe8ne \xe0 \xc9vian\r\n', 'latin1'));
    expect(targets(await harness.importFile('businesses', codePage, { dryRun: true }))[0]).toEqual(['2', 'invalid', 'b-1']);

    const workbook = new ExcelJS.Workbook();
    const error = { formula: 'VLOOKUP(1,A1:A2,1,0)', result: { error: '#N/A' } } as const;
    workbook.addWorksheet('businesses').addRows([
      ['business_id', 'code', 'name'],
      ['b-1', '', error],
      [error, 'C-2', 'Shop'],
      ['', error, 'Shop'],
    ]);
    const errorCells = join(harness.dir, 'error-cells.xlsx');
    await workbook.xlsx.writeFile(errorCells);
    expect(targets(await harness.importFile('businesses', errorCells, { dryRun: true }))).toEqual([
      ['2', 'invalid', 'b-1'],
      ['3', 'invalid', ''],
      ['4', 'invalid', ''],
    ]);
  });

  it('names the business of an invalid services row', async () => {
    const business = harness.api.emulator.state.orgBusinesses(1)[2];
    if (business === undefined) throw new Error('no business');
    const { results } = await harness.runImport('services', `code,service_id,price\n${business.code ?? ''},101,abc\n`, { dryRun: true });
    expect(results[0]).toMatchObject({ _status: 'invalid', _target: `c-${business.code ?? ''}` });
  });

  it("keeps a user's own _ columns in results and errors, after the known columns, unchecked, and the errors file imports again with them", async () => {
    const [a, b] = harness.api.emulator.state.orgBusinesses(1).slice(3, 5);
    if (a === undefined || b === undefined) throw new Error('no business');
    const reportDir = join(harness.dir, 'notes');
    const csv = [
      '_owner,business_id,_Status,status,_note,_note,_target',
      `anne,${a.id},mine,bogus,call Marie,second,mine`,
      `bob,${b.id},mine,open,#N/A,second,mine`,
    ].join('\n');

    const { summary, errorsCsv } = await harness.runImport('businesses', csv, { dryRun: true, reportDir });

    expect(summary.rows).toMatchObject({ invalid: 1, unchanged: 1 });
    expect(summary.warnings).toEqual(["Column F repeats '_note' (column E): its cells are ignored."]);
    const results = (await readFile(join(reportDir, 'results.csv'), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(results).toEqual([
      'business_id,_row,_status,_errors,_changes,status,_owner,_note,_target,_http_status',
      `${a.id},2,invalid,"status: must be one of open, closed, opening_soon, temporarily_closed, got 'bogus'",,bogus,anne,call Marie,${a.id},`,
      `${b.id},3,unchanged,,,open,bob,#N/A,${b.id},`,
    ]);
    expect(errorsCsv.trim().split(/\r?\n/)).toEqual(results.slice(0, 2));

    const againDir = join(harness.dir, 'notes-again');
    const again = await harness.runImport('businesses', errorsCsv.replace(',bogus,', ',open,'), { dryRun: true, reportDir: againDir });
    expect(again.summary.rows).toMatchObject({ total: 1, unchanged: 1 });
    expect(await readFile(join(againDir, 'results.csv'), 'utf8')).toContain(`${a.id},2,unchanged,,,open,anne,call Marie,${a.id},`);
  });
});
