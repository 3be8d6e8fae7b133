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
});
