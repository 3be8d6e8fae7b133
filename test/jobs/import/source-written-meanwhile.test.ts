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

describe('a rehearsal of a file something is still writing', () => {
  it('ends with the error that says so, its plan listing the rows it reported', async () => {
    const [first, second] = harness.api.emulator.state.orgBusinesses(1);
    const file = join(harness.dir, 'crm-rehearsal.csv');
    const reportDir = join(harness.dir, 'rehearsal-written-meanwhile');
    // The first row waits for its read while the rest are invalid at once; the file is long enough to be read in parts.
    const invalid = Array.from({ length: 5000 }, () => `${second?.id ?? ''},,north`);
    await writeFile(file, ['business_id,name,lat', `${first?.id ?? ''},Rehearsed,`, ...invalid, ''].join('\n'));
    let written = false;
    const onProgress = () => {
      if (written) return;
      written = true;
      appendFileSync(file, `${first?.id ?? ''},Writ`);
    };
    const run = harness.importFile('businesses', file, { reportDir, dryRun: true, onProgress });
    await expect(run).rejects.toThrow(/the file changed since it was opened/);
    const linesOf = async (name: string): Promise<string[]> => (await readFile(join(reportDir, name), 'utf8')).trim().split('\n').slice(1);
    const [results, plan] = [await linesOf('results.csv'), await linesOf('plan.csv')];
    expect(results.length).toBeGreaterThan(0);
    expect(plan.map((line) => line.split(',')[0])).toEqual(results.map((line) => /,(\d+),invalid,/.exec(line)?.[1]));
  });
});
