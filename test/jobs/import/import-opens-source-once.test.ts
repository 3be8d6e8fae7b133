import fs, { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import type { ImportOptions, ImportSummary } from '../../../src/jobs/import/import-options.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import { PLAN_DIR, PLANNED_READS_FILE } from '../../../src/jobs/import/report/open-report-dir.js';
import { pino } from 'pino';
import { createApiClient } from '../../../src/api/api-client.js';
import { loadJob } from '../../../src/jobs/job-file/load-job.js';
import { runJob, type StepResult } from '../../../src/jobs/job-file/run-job.js';
import { STEP_RUNNERS } from '../../../src/jobs/job-file/step-runners.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/** Every open of `path` while `run` runs, through any of node:fs's opens (streams open through fs.open). */
async function countOpens(path: string, run: () => Promise<unknown>): Promise<number> {
  const spies = [vi.spyOn(fs, 'open'), vi.spyOn(fs, 'openSync'), vi.spyOn(fs.promises, 'open')];
  syncBuiltinESMExports();
  try {
    await run();
    return spies.reduce((opens, spy) => opens + spy.mock.calls.filter(([opened]) => opened === path).length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
    syncBuiltinESMExports();
  }
}

let harness: ImportHarness;
let businesses: Business[];
beforeAll(async () => {
  harness = await startImportHarness({ businesses: 40 });
  businesses = harness.api.emulator.state.orgBusinesses(1);
});
afterAll(() => harness.close());

describe('an import opens its file once', () => {
  const sheet = () => ['business_id,name,custom_fields.seats', ...businesses.slice(0, 20).map((business, index) => `${business.id},Opened ${index},${index}`)].join('\n');

  it.each<[string, Partial<ImportOptions>, Role]>([
    ['a dry run', { dryRun: true }, 'ORG_ADMIN'],
    ['a PROVIDER import without --org', { dryRun: true }, 'PROVIDER'],
    ['an import with breakers', { breakers: { maxChanges: { percent: 100 } } }, 'ORG_ADMIN'],
  ])('%s', async (name, options, role) => {
    const file = join(harness.dir, `${name.replaceAll(' ', '-')}.csv`);
    await fs.promises.writeFile(file, sheet());
    let expected = 0;
    let summary: ImportSummary | undefined;
    const opens = await countOpens(file, async () => {
      ({ summary } = await harness.importFile('businesses', file, { ...options, onRowsExpected: (rows) => (expected = rows) }, undefined, role));
    });
    expect(summary?.rows).toMatchObject({ total: 20, failed: 0, invalid: 0 });
    expect(expected).toBe(20);
    expect(opens).toBe(1);
  });
});

describe('a job step opens its file once', () => {
  it('for the report folder it chooses (the source hashed against the last journal) and for the import', async () => {
    const file = join(harness.dir, 'nightly.csv');
    await writeFile(file, ['business_id,name', ...businesses.slice(22, 27).map((business, index) => `${business.id},Nightly ${index}`)].join('\n'));
    const jobFile = join(harness.dir, 'nightly.yaml');
    await writeFile(jobFile, ['name: nightly', 'steps:', '  - import:', '      resource: businesses', '      source: nightly.csv', '      report: nightly-report'].join('\n'));
    const job = await loadJob(jobFile, { env: {}, now: new Date() });
    // A job's paths stay under the working directory; a test writes only in its own folder.
    for (const step of job.steps) if ('import' in step) Object.assign(step.import, { source: file, report: join(harness.dir, 'nightly-report') });
    const client = createApiClient({ baseUrl: harness.api.url, apiKey: harness.api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    const run = () => runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: false, now: new Date() }, pino({ level: 'silent' }));
    try {
      expect((await run()).steps.map((step) => step.status)).toEqual(['ok']);
      // Its journal is there now: the second run hashes the source to choose its folder.
      let steps: StepResult[] = [];
      expect(await countOpens(file, async () => ({ steps } = await run()))).toBe(1);
      expect(steps.map((step) => (step.summary as ImportSummary).resumed)).toEqual([5]);
    } finally {
      await client.close();
    }
  });
});

describe('an import with breakers', () => {
  /** The reads the service answered while `run` ran. */
  async function countReads(run: () => Promise<unknown>): Promise<number> {
    let reads = 0;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method === 'GET') reads++;
      return undefined;
    };
    try {
      await run();
      return reads;
    } finally {
      harness.api.emulator.faults.script = undefined;
    }
  }

  it('reads each business once: the run writes from what its plan read', async () => {
    const renames = (prefix: string) => ['code,name', ...businesses.slice(0, 20).map((business, index) => `${business.code ?? ''},${prefix} ${index}`)].join('\n');
    let planned: ImportSummary | undefined;
    const planOnly = await countReads(async () => {
      ({ summary: planned } = await harness.runImport('businesses', renames('Planned'), { dryRun: true }));
    });
    let summary: ImportSummary | undefined;
    const withBreakers = await countReads(async () => {
      ({ summary } = await harness.runImport('businesses', renames('Planned'), { breakers: { maxChanges: { percent: 100 } } }));
    });
    expect(summary?.rows).toMatchObject({ total: 20, updated: 20 });
    expect(withBreakers).toBe(planOnly);
    // The plan's reads are the run's.
    expect(summary?.requests.reads).toBe(planned?.requests.reads);
    expect(businesses.slice(0, 20).map((business) => business.name)).toEqual(businesses.slice(0, 20).map((_, index) => `Planned ${index}`));
    expect(existsSync(join(summary?.report_dir ?? '', PLAN_DIR, PLANNED_READS_FILE))).toBe(false);
  });

  it('plans again over the reads a killed run left', async () => {
    const reportDir = join(harness.dir, 'killed');
    await mkdir(join(reportDir, PLAN_DIR), { recursive: true });
    await writeFile(join(reportDir, PLAN_DIR, PLANNED_READS_FILE), '{"id":"left by a killed run"}');
    const { summary } = await harness.runImport('businesses', `business_id,name\n${businesses[20]?.id ?? ''},After a kill`, { reportDir, breakers: { maxChanges: { rows: 1 } } });
    expect(summary.rows).toMatchObject({ total: 1, updated: 1 });
  });
});
