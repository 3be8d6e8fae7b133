import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
