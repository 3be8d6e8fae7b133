import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuirks } from '../../../src/emulator/pipeline/quirks.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/*
 * The acceptance: a service that takes one value per filter (the 2021 description) reads
 * `code=A,B` as the one code `A,B` and finds nothing. The import finds that out on its first batch
 * and searches one code per request: every row is updated.
 */
describe('import businesses by store code from a service with real-shapes', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    // Organization 1 has four businesses in five: 2,000 of them.
    harness = await startImportHarness({ businesses: 2500, feedback: 0, quirks: parseQuirks('real-shapes') });
  });
  afterAll(() => harness.close());

  it('updates every row of a 2,000-row sheet addressed by store code', { timeout: 60_000 }, async () => {
    const businesses = harness.api.emulator.state.orgBusinesses(1);
    expect(businesses).toHaveLength(2000);
    const csv = ['code,city', ...businesses.map((business, index) => `${business.code ?? ''},Town ${index}`)].join('\n');
    const { summary } = await harness.runImport('businesses', csv);
    expect(summary.rows).toMatchObject({ total: 2000, updated: 2000, failed: 0 });
    // The custom field definitions, the first list of 100, then every code alone.
    expect(summary.requests.reads).toBe(1 + 1 + 2000);
    expect(businesses.every((business, index) => business.city === `Town ${index}`)).toBe(true);
  });
});
