import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('the businesses read by the plan of a run killed after it', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 20 });
  });
  afterAll(() => harness.close());
  /** A report directory as a run with breakers killed after its plan leaves it: the plan's report, and the businesses it read. */
  async function killedAfterPlan(name: string): Promise<string> {
    const reportDir = join(harness.dir, name);
    await mkdir(join(reportDir, 'plan'), { recursive: true });
    await writeFile(join(reportDir, 'plan', 'summary.json'), '{}');
    await writeFile(join(reportDir, 'plan', 'reads.jsonl'), '{"id":"b1","name":"a client\'s business as read then"}');
    return reportDir;
  }


  it.each([
    ['a run without breakers', { dryRun: false }],
    ['a rehearsal', { dryRun: true }],
    ['a rehearsal with breakers', { dryRun: true, breakers: { maxChanges: { rows: 10 } } }],
  ])('are not left in the report directory by %s there', async (_name, options) => {
    const reportDir = await killedAfterPlan(`report-${String(options.dryRun)}-${String('breakers' in options)}`);
    const [target] = harness.api.emulator.state.orgBusinesses(1);
    await harness.runImport('businesses', `business_id,name\n${target?.id ?? ''},Renamed\n`, { ...options, reportDir });
    expect(await readdir(join(reportDir, 'plan'))).toEqual(['summary.json']);
  });
});
