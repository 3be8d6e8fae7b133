import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { JobSchema } from '../../../src/jobs/job-file/job-schema.js';
import { runJob } from '../../../src/jobs/job-file/run-job.js';
import { STEP_RUNNERS } from '../../../src/jobs/job-file/step-runners.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

describe('org: all in a job file', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ orgs: 3, businesses: 30, feedback: 0, ratePerMinute: 100_000 });
  });
  afterAll(() => api.close());

  it('runs the step once for every organization whose businesses the key can read', async () => {
    const out = await makeTempDir();
    const job = JobSchema.parse({ name: 'every org', steps: [{ org: 'all', export: { resource: 'businesses', out: join(out, 'org-{org}.csv') } }] });
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, ratePerMinute: 100_000 });
    try {
      const result = await runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: false, now: new Date() }, logger);
      expect(result.steps.map((step) => [step.org, step.status])).toEqual([
        [1, 'ok'],
        [2, 'ok'],
        [3, 'ok'],
      ]);
      for (const orgId of [1, 2, 3]) {
        const lines = (await readFile(join(out, `org-${orgId}.csv`), 'utf8')).trim().split(/\r?\n/);
        expect(lines).toHaveLength(1 + api.emulator.state.orgBusinesses(orgId).length);
      }
    } finally {
      await client.close();
    }
  });

  it('runs the step once, for its own organization, with the key of one organization', async () => {
    const out = await makeTempDir();
    const job = JobSchema.parse({ name: 'own org', steps: [{ org: 'all', export: { resource: 'businesses', out: join(out, 'org-{org}.csv') } }] });
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const result = await runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: false, now: new Date() }, logger);
      expect(result.steps.map((step) => step.org)).toEqual([1]);
    } finally {
      await client.close();
    }
  });

  it('paces a step without org over a sheet of several organizations per organization', async () => {
    const dir = await makeTempDir();
    const businesses = [1, 2, 3].flatMap((orgId) => api.emulator.state.orgBusinesses(orgId).slice(0, 2));
    await writeFile(join(dir, 'mixed.csv'), ['business_id,description_short', ...businesses.map((business) => `${business.id},Mixed ${business.code}`)].join('\n'));
    const job = JobSchema.parse({ name: 'mixed', steps: [{ import: { resource: 'businesses', source: join(dir, 'mixed.csv'), report: join(dir, 'report') } }] });
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, ratePerMinute: 100_000 });
    try {
      const result = await runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: false, now: new Date() }, logger);
      expect(result.steps.map((step) => step.status)).toEqual(['ok']);
      const { organizations } = client.readCounters();
      expect([1, 2, 3].map((orgId) => organizations[`org:${orgId}`]?.sent)).toEqual([2, 2, 2]);
    } finally {
      await client.close();
    }
  });
});
