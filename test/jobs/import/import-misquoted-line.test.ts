import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('a line whose quotes are misplaced', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());

  it('is refused with its cells in errors.csv, as a spreadsheet reads them, which imports once checked', async () => {
    const [business] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('no business');
    const code = business.code ?? '';
    const first = await harness.runImport('businesses', `code,name,city\n"${code}",Boulangerie "Le Four",Nice\n`);
    expect(first.results[0]).toMatchObject({ _status: 'invalid', code, name: 'Boulangerie "Le Four"', city: 'Nice' });
    expect(harness.writes).toEqual([]);

    const again = await harness.runImport('businesses', first.errorsCsv);
    expect(again.results[0]?._status).toBe('updated');
    expect(business).toMatchObject({ name: 'Boulangerie "Le Four"', city: 'Nice' });
  });
});
