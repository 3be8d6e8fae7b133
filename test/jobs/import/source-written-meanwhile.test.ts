import { appendFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SheetError } from '../../../src/sheets/index.js';
import { readResults, startImportHarness, type ImportHarness } from './start-import-harness.js';

let harness: ImportHarness;
beforeAll(async () => {
  harness = await startImportHarness({ businesses: 10 });
});
afterAll(() => harness.close());

describe('an import of a file something is still writing', () => {
  it('ends with an error that says so once its rows are done, and reports what it sent', async () => {
    const businesses = harness.api.emulator.state.orgBusinesses(1).slice(0, 3);
    const file = join(harness.dir, 'crm-stores.csv');
    const reportDir = join(harness.dir, 'written-meanwhile');
    // A small file is read whole at once: the writer that goes on shows only at the end.
    await writeFile(file, ['business_id,name', ...businesses.map((business, index) => `${business.id},Written ${index}`), ''].join('\n'));
    let written = false;
    const onProgress = () => {
      if (written) return;
      written = true;
      appendFileSync(file, `${businesses[0]?.id ?? ''},Writ`);
    };
    const run = harness.importFile('businesses', file, { reportDir, onProgress });
    await expect(run).rejects.toBeInstanceOf(SheetError);
    await expect(run).rejects.toThrow(/^Could not read .*crm-stores\.csv: the file changed since it was opened \(\d+ bytes when opened, \d+ now\): something was still writing it/);
    expect((await readResults(reportDir)).map((row) => row._status)).toEqual(['updated', 'updated', 'updated']);
    const summary = JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as { warnings: string[] };
    expect(summary.warnings).toEqual([expect.stringContaining('the file changed since it was opened')]);
  });
});
