import type { ImportSheetChoice } from '../../../src/jobs/import/sheet/open-import-sheet.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Business } from '../../../src/emulator/state-types.js';
import type { ImportSummary } from '../../../src/jobs/import/import-options.js';
import { countSheetOrgRows } from '../../../src/jobs/job-file/count-sheet-org-rows.js';
import type { LoadCounters } from '../../../src/jobs/job-file/estimate-org-loads.js';
import { buildImportStepOptions } from '../../../src/jobs/job-file/import-step-options.js';
import { JobSchema, type ImportStep, type Job } from '../../../src/jobs/job-file/job-schema.js';
import { planJobShards } from '../../../src/jobs/job-file/plan-job-shards.js';
import { runJob, type JobResult } from '../../../src/jobs/job-file/run-job.js';
import { STEP_RUNNERS } from '../../../src/jobs/job-file/step-runners.js';
import { withSourceFile } from '../../../src/sheets/file/source-file.js';
import { estimateRows } from '../../sheets/estimate-rows.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { readResults } from '../import/start-import-harness.js';

const logger = pino({ level: 'silent' });

const offlineCounters: LoadCounters = {
  countRows: estimateRows,
  countRowOrgs: (path: string, choice: ImportSheetChoice) => withSourceFile(path, (file) => countSheetOrgRows(file, choice)),
  countBusinesses: () => Promise.reject(new Error('no export in this job')),
};

/** `count` rows of each organization id (or '' for the key's own), interleaved as a mixed sheet lists them. */
function mixedRows(counts: Record<string, number>): string {
  const most = Math.max(...Object.values(counts));
  const lines = Array.from({ length: most }, (_, index) => Object.entries(counts).flatMap(([org, count]) => (index < count ? [`c${org}-${index},${org === 'own' ? '' : org}`] : [])));
  return `code,org_id\n${lines.flat().join('\n')}\n`;
}

describe('planning a business sheet of several organizations', () => {
  it("spreads its rows over the shards by their org_id, joined to the other steps' organizations", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'mixed.csv'), mixedRows({ 1: 300, 2: 120, 3: 100, own: 90 }));
    await writeFile(join(dir, 'org-2.csv'), `code,name\n${Array.from({ length: 200 }, (_, index) => `d${index},n`).join('\n')}\n`);
    const job = JobSchema.parse({
      name: 'mixed',
      steps: [
        { import: { resource: 'businesses', source: join(dir, 'mixed.csv') } },
        { org: [2], import: { resource: 'businesses', source: join(dir, 'org-{org}.csv') } },
      ],
    });
    const plan = await planJobShards(job, { index: 1, count: 2 }, offlineCounters, [], logger);
    expect(plan.shares.map(({ orgs, requests }) => ({ orgs, requests }))).toEqual([
      { orgs: [2, 'own'], requests: 410 },
      { orgs: [1, 3], requests: 400 },
    ]);
    const split = plan.splitSteps.get(0);
    expect([...(split?.shards ?? [])].sort()).toEqual([1, 2]);
    expect([1, 2, 3, 'own'].map((org) => split?.shardOfRow(org as number | 'own'))).toEqual([2, 1, 2, 1]);
    // An organization the sheet had no row of when planned: the first shard that runs the step imports it.
    expect(split?.shardOfRow(99)).toBe(1);
    expect(plan.splitSteps.has(1)).toBe(false);
  });

  it("counts a row whose org_id is empty or not an id as the key's own, and leaves sheets without org_id whole", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'odd.csv'), 'code,org_id\na,7\nb,\nc,seven\nd,7\n');
    expect(await withSourceFile(join(dir, 'odd.csv'), (file) => countSheetOrgRows(file, {}))).toEqual(new Map<number | 'own', number>([[7, 2], ['own', 2]]));
    await writeFile(join(dir, 'plain.csv'), 'code,name\na,x\nb,y\n');
    const job = JobSchema.parse({
      name: 'plain',
      steps: [
        { import: { resource: 'businesses', source: join(dir, 'plain.csv') } },
        { import: { resource: 'businesses', source: join(dir, 'missing.csv') } },
      ],
    });
    const plan = await planJobShards(job, { index: 1, count: 2 }, offlineCounters, [], logger);
    expect(plan.splitSteps.size).toBe(0);
    expect(plan.shares.map(({ orgs, requests }) => ({ orgs, requests }))).toEqual([
      { orgs: ['own'], requests: 2 },
      { orgs: [], requests: 0 },
    ]);
  });

  it('gives a split step a report directory per shard, and {shard} in a named one', () => {
    const job = JobSchema.parse({ name: 'nightly sync', steps: [{ import: { resource: 'businesses', source: 'mixed.csv' } }, { import: { resource: 'businesses', source: 'mixed.csv', report: 'reports/{date}-{shard}' } }] });
    const [whole, named] = job.steps as ImportStep[];
    if (whole === undefined || named === undefined) throw new Error('two steps');
    const split = { shards: new Set([1, 2]), shardOfRow: (org: number | 'own') => (org === 1 ? 1 : 2) };
    const options = { shard: { index: 2, count: 2 }, dryRun: false, now: new Date('2026-11-20T01:02:03Z') };
    const shard2 = buildImportStepOptions(job, whole, { index: 0, org: undefined, split }, options);
    expect(shard2.reportDir).toBe('reports/nightly-sync/2026-11-20T01-02-03Z/1-businesses-shard2');
    expect(shard2.shardRows?.shard).toBe('2/2');
    expect([1, 2, 'own'].map((org) => shard2.shardRows?.keeps(org as number | 'own'))).toEqual([false, true, true]);
    expect(buildImportStepOptions(job, named, { index: 1, org: undefined, split }, options).reportDir).toBe('reports/{date}-2');
    const unsplit = buildImportStepOptions(job, whole, { index: 0, org: undefined, split: undefined }, options);
    expect(unsplit.reportDir).toBe('reports/nightly-sync/2026-11-20T01-02-03Z/1-businesses');
    expect(unsplit.shardRows).toBeUndefined();
  });
});

describe('a job whose business sheet mixes organizations, run in two shards', () => {
  let api: TestEmulator;
  /** Business ids of every write the emulator received. */
  const written: string[] = [];
  beforeAll(async () => {
    api = await startTestEmulator({ orgs: 3, businesses: 60, feedback: 0, ratePerMinute: 100_000 });
  });
  afterEach(() => {
    api.emulator.faults.script = undefined;
  });
  afterAll(() => api.close());

  let taken = 0;
  /** Businesses of each organization no other test used: org 1 gives 4, org 2 gives 3, org 3 gives 2, and 2 more rows have no org_id. */
  function writeMixedSheet(dir: string, tag: string): Promise<Business[][]> {
    const take = (orgId: number, count: number) => api.emulator.state.orgBusinesses(orgId).slice(taken, taken + count);
    const groups = [take(1, 4), take(2, 3), take(3, 2), take(1, 6).slice(4)];
    taken += 6;
    const rows = groups.flatMap((businesses, group) => businesses.map((business) => `${business.id},${group === 3 ? '' : business.org_id},${tag} ${business.code}`));
    return writeFile(join(dir, 'mixed.csv'), `business_id,org_id,description_short\n${rows.join('\n')}\n`).then(() => groups);
  }

  function jobOf(dir: string, report: string, extra: Record<string, unknown> = {}): Job {
    return JobSchema.parse({ name: 'provider sync', steps: [{ import: { resource: 'businesses', source: join(dir, 'mixed.csv'), report: join(dir, report), ...extra } }] });
  }

  async function runShard(job: Job, index: number): Promise<JobResult> {
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    try {
      return await runJob(job, client, STEP_RUNNERS, { shard: { index, count: 2 }, dryRun: false, now: new Date() }, logger);
    } finally {
      await client.close();
    }
  }

  function recordWrites(): void {
    written.length = 0;
    api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') written.push(decodeURIComponent(req.path.split('/')[2] ?? ''));
      return undefined;
    };
  }

  it("imports every row exactly once, each shard the rows of its organizations, each into a report of its own", async () => {
    const dir = await makeTempDir();
    const [org1 = [], org2 = [], org3 = [], own = []] = await writeMixedSheet(dir, 'Split');
    const job = jobOf(dir, 'report-{shard}', { max_changes: 50 });
    recordWrites();
    const first = await runShard(job, 1);
    const second = await runShard(job, 2);
    // Four rows of org 1, three of org 2, two each of org 3 and own: org 1 and 3 (6 rows) in shard 1, org 2 and own (5) in shard 2.
    expect(first.shards?.shares.map((share) => share.orgs)).toEqual([[1, 3], [2, 'own']]);
    expect([first.steps, second.steps].map((steps) => steps.map((step) => step.status))).toEqual([['ok'], ['ok']]);
    const summaries = [first, second].map((result) => result.steps[0]?.summary as ImportSummary);
    expect(summaries.map((summary) => [summary.rows.total, summary.rows.updated, summary.rows_other_shards, summary.report_dir])).toEqual([
      [6, 6, 5, join(dir, 'report-1')],
      [5, 5, 6, join(dir, 'report-2')],
    ]);
    const everyRow = [...org1, ...org2, ...org3, ...own].map((business) => business.id);
    expect([...written].sort()).toEqual([...everyRow].sort());
    for (const id of everyRow) expect(api.emulator.state.businesses.get(id)?.description_short).toMatch(/^Split /);
    const reported = await Promise.all([1, 2].map(async (index) => (await readResults(join(dir, `report-${index}`))).map((row) => row.business_id)));
    expect(reported[0]?.sort()).toEqual([...org1, ...org3].map((business) => business.id).sort());
    expect(reported[1]?.sort()).toEqual([...org2, ...own].map((business) => business.id).sort());
    // The breakers' plan covers the shard's rows only.
    const plan = JSON.parse(await readFile(join(dir, 'report-1', 'plan', 'summary.json'), 'utf8')) as ImportSummary;
    expect([plan.rows.total, plan.rows.would_update, plan.rows_other_shards]).toEqual([6, 6, 5]);
  });

  it("resumes a shard from its own journal: the other shard's rows are neither sent nor missing", async () => {
    const dir = await makeTempDir();
    await writeMixedSheet(dir, 'Resumed');
    const job = jobOf(dir, 'report-{shard}');
    await runShard(job, 1);
    recordWrites();
    const again = await runShard(job, 1);
    const summary = again.steps[0]?.summary as ImportSummary;
    expect([again.steps[0]?.status, summary.rows.total, summary.resumed, summary.rows_other_shards]).toEqual(['ok', 6, 6, 5]);
    expect(written).toEqual([]);
    expect(JSON.parse(await readFile(join(dir, 'report-1', 'summary.json'), 'utf8'))).toMatchObject({ rows_other_shards: 5 });
  });

  it("refuses to resume another shard's journal in a report directory both name", async () => {
    const dir = await makeTempDir();
    await writeMixedSheet(dir, 'Shared');
    const job = jobOf(dir, 'report');
    await runShard(job, 1);
    const second = await runShard(job, 2);
    expect(second.steps.map((step) => step.status)).toEqual(['failed']);
    expect(second.steps[0]?.error).toMatch(/shard was 1\/2, now 2\/2/);
  });
});
