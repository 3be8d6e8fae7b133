import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { generateZipfLoads, measureShardBalance } from '../../bench/measure-shard-balance.js';
import type { Job } from '../../../src/jobs/job-file/job-schema.js';
import { runJob, type StepRunners } from '../../../src/jobs/job-file/run-job.js';
import { balanceShards, parseShard, type OrgLoad } from '../../../src/jobs/job-file/shard.js';
import { estimateRows } from '../../sheets/estimate-rows.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

function shardTotals(loads: readonly OrgLoad[], count: number): number[] {
  const plan = balanceShards(loads, count);
  const totals = new Array<number>(count).fill(0);
  for (const load of loads) {
    const shard = plan.get(load.org) ?? 0;
    totals[shard - 1] = (totals[shard - 1] ?? 0) + load.requests;
  }
  return totals;
}

describe('balanced shards', () => {
  it('keeps the largest shard within 10% of the mean for Zipf-sized organizations', () => {
    const loads = generateZipfLoads(60, 50_000);
    const totals = shardTotals(loads, 4);
    const mean = totals.reduce((a, b) => a + b, 0) / 4;
    expect(Math.max(...totals) / mean).toBeLessThanOrEqual(1.1);
    expect(measureShardBalance().shard_balance).toBeLessThanOrEqual(1.1);
  });

  it('gives every process the same plan, whatever order the organizations come in', () => {
    const loads = generateZipfLoads(25, 9_000);
    const reversed = [...loads].reverse();
    expect([...balanceShards(reversed, 3)].sort()).toEqual([...balanceShards(loads, 3)].sort());
  });

  it('never puts a large organization next to its neighbours when another shard is idle', () => {
    const plan = balanceShards([{ org: 1, requests: 900 }, { org: 2, requests: 100 }, { org: 3, requests: 100 }, { org: 'own', requests: 50 }], 2);
    expect(plan.get(1)).toBe(1);
    expect([plan.get(2), plan.get(3), plan.get('own')]).toEqual([2, 2, 2]);
  });
});

describe('--shard', () => {
  it('reads K/N, and auto from a Kubernetes Indexed Job', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard('auto', { JOB_COMPLETION_INDEX: '0', JOB_COMPLETIONS: '3' })).toEqual({ index: 1, count: 3 });
    expect(() => parseShard('auto', { JOB_COMPLETION_INDEX: '0' })).toThrow(
      "Could not read --shard auto: it needs JOB_COMPLETION_INDEX, which a Kubernetes Indexed Job sets, and JOB_COMPLETIONS, which it does not. Set JOB_COMPLETIONS to the Job's completions, or give --shard K/N.",
    );
    expect(() => parseShard('5/2')).toThrow("Could not read --shard '5/2': it must be K/N, shard K of N with 1 <= K <= N. Give --shard 2/4 for the second of four, or --shard auto in a Kubernetes Indexed Job.");
  });
});

describe('sheet row estimate', () => {
  it('counts the data rows of a CSV, with or without a final line break', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'a.csv'), 'id,name\r\n1,a\r\n2,b\r\n');
    await writeFile(join(dir, 'b.csv'), 'id,name\n1,a\n2,b\n3,c');
    await writeFile(join(dir, 'c.csv'), 'id,name\n');
    expect(await estimateRows(join(dir, 'a.csv'))).toBe(2);
    expect(await estimateRows(join(dir, 'b.csv'))).toBe(3);
    expect(await estimateRows(join(dir, 'c.csv'))).toBe(0);
  });
});

describe('a job split over shards', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 50, ratePerMinute: 100_000 });
  });
  afterAll(() => api.close());

  it('runs each organization in exactly one shard, by the sizes of their sheets, and reports every share', async () => {
    const dir = await makeTempDir();
    const rows = (count: number) => `id,name\n${Array.from({ length: count }, (_, i) => `${i},n`).join('\n')}\n`;
    await writeFile(join(dir, 'org-1.csv'), rows(300));
    await writeFile(join(dir, 'org-2.csv'), rows(120));
    await writeFile(join(dir, 'org-3.csv'), rows(100));
    await writeFile(join(dir, 'org-4.csv'), rows(90));
    const job = {
      name: 'sync',
      api: {},
      steps: [{ on_error: 'stop', org: [1, 2, 3, 4], import: { resource: 'businesses', source: join(dir, 'org-{org}.csv'), mode: 'diff', dry_run: true, restart: false } }],
    } as unknown as Job;
    const ran: number[][] = [[], []];
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, ratePerMinute: 100_000 });
    try {
      for (const index of [1, 2]) {
        const runners: StepRunners = {
          runImport: (_client, _resource, options) => {
            ran[index - 1]?.push(options.orgId ?? 0);
            return Promise.resolve({ partial: false, summary: {} });
          },
          runExport: () => Promise.reject(new Error('no export in this job')),
        };
        const result = await runJob(job, client, runners, { shard: { index, count: 2 }, dryRun: true, now: new Date() }, logger);
        expect(result.shards?.shares.map((share) => share.orgs)).toEqual([[1], [2, 3, 4]]);
        expect(result.shards?.shares.map((share) => share.requests)).toEqual([300, 310]);
      }
    } finally {
      await client.close();
    }
    expect(ran).toEqual([[1], [2, 3, 4]]);
  });

  it('plans around an organization the key cannot read: it weighs nothing, and its step fails in one shard only, as without shards', async () => {
    const job = {
      name: 'exports',
      api: {},
      steps: [{ on_error: 'continue', org: [1, 99, 2], export: { resource: 'businesses', out: 'b-{org}.csv', filters: {} } }],
    } as unknown as Job;
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, ratePerMinute: 100_000 });
    const ran: (number | undefined)[] = [];
    const runners: StepRunners = {
      runImport: () => Promise.reject(new Error('no import in this job')),
      runExport: (_client, _resource, options) => {
        ran.push(options.orgId);
        return options.orgId === 99 ? Promise.reject(new Error('no organization 99')) : Promise.resolve({ partial: false, summary: {} });
      },
    };
    try {
      const results = [];
      for (const index of [1, 2]) results.push(await runJob(job, client, runners, { shard: { index, count: 2 }, dryRun: false, now: new Date() }, logger));
      expect(results.flatMap((result) => result.shards?.shares.flatMap((share) => share.orgs) ?? []).sort()).toEqual([1, 1, 2, 2, 99, 99]);
      expect(results.flatMap((result) => result.steps.map((step) => [step.org, step.status]))).toEqual(
        expect.arrayContaining([[1, 'ok'], [2, 'ok'], [99, 'failed']]),
      );
    } finally {
      await client.close();
    }
    expect([...ran].sort()).toEqual([1, 2, 99]);
  });
});
