import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { loadJob } from '../../../src/jobs/job-file/load-job.js';
import { runJob } from '../../../src/jobs/job-file/run-job.js';
import { STEP_RUNNERS } from '../../../src/jobs/job-file/step-runners.js';
import { acquireRunLock } from '../../../src/jobs/run-lock/acquire-run-lock.js';
import { UserError } from '../../../src/user-error.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const DAY_MS = 86_400_000;

describe('a dated export of a job, stopped before midnight', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 150, feedback: 0, ratePerMinute: 100_000 });
  });
  afterAll(() => api.close());

  async function runOn(dir: string, now: Date, resource = 'businesses') {
    const file = join(dir, `${resource}.yaml`);
    await writeFile(file, `name: nightly\nsteps:\n  - export: {resource: ${resource}, out: "exports/{date}/${resource}.csv"}\n`);
    const job = await loadJob(file, { env: {}, now, cwd: dir });
    for (const step of job.steps) {
      if (!('export' in step)) continue;
      step.export.out = join(dir, step.export.out);
      if (step.export.out_pattern !== undefined) step.export.out_pattern = join(dir, step.export.out_pattern);
    }
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    try {
      const result = await runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: false, now }, logger);
      return { status: result.steps[0]?.status, warnings };
    } finally {
      await client.close();
    }
  }

  it("removes yesterday's saved pages once today's export completes, and says so", async () => {
    const dir = await makeTempDir();
    const today = new Date('2026-11-30T00:10:00Z');
    api.emulator.faults.script = (_n, req) => (req.query.get('page') === '2' ? { status: 404 } : undefined);
    expect((await runOn(dir, new Date(today.getTime() - DAY_MS))).status).toBe('partial');
    const stale = join(dir, 'exports/2026-11-29/businesses.csv.parts');
    expect(existsSync(stale)).toBe(true);
    api.emulator.faults.script = undefined;

    const { status, warnings } = await runOn(dir, today);

    expect(status).toBe('ok');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(dir, 'exports/2026-11-30/businesses.csv'))).toBe(true);
    expect(warnings).toEqual([
      `removed ${stale}: the saved pages of an export of ${join(dir, 'exports/2026-11-29/businesses.csv')} that did not finish, which no run continues now that the date in the file's name has moved on`,
    ]);
  });

  it('names, and leaves, a folder of that name holding anything else, or of another export, or in use', async () => {
    const dir = await makeTempDir();
    const foreign = join(dir, 'exports/2026-11-27/businesses.csv.parts');
    await mkdir(foreign, { recursive: true });
    await writeFile(join(foreign, 'manifest.json'), JSON.stringify({ resource: 'businesses', orgId: null, filters: {} }));
    await writeFile(join(foreign, 'notes.txt'), 'mine');
    const other = join(dir, 'exports/2026-11-28/businesses.csv.parts');
    await mkdir(other, { recursive: true });
    await writeFile(join(other, 'manifest.json'), JSON.stringify({ resource: 'services', orgId: null, filters: {} }));
    const busy = join(dir, 'exports/2026-11-29/businesses.csv');
    await mkdir(`${busy}.parts`, { recursive: true });
    await writeFile(join(`${busy}.parts`, 'manifest.json'), JSON.stringify({ resource: 'businesses', orgId: null, filters: {} }));
    const lock = acquireRunLock(`${busy}.lock`, { logger: pino({ level: 'silent' }), refuse: () => new UserError('held') });
    try {
      const { status, warnings } = await runOn(dir, new Date('2026-11-30T00:10:00Z'));
      expect(status).toBe('ok');
      expect(warnings).toHaveLength(3);
      expect(warnings[0]).toContain(`left ${foreign}, named as this export's saved pages on another day, which no run continues: it holds notes.txt, which an export does not write`);
      expect(warnings[1]).toContain(`left ${other}, named as this export's saved pages on another day, which no run continues: it is not of this export (businesses) by its manifest.json`);
      expect(warnings[2]).toContain(`left ${busy}.parts, named as this export's saved pages on another day, which no run continues: an export is writing ${busy} (`);
    } finally {
      lock.release();
    }
    for (const folder of [foreign, other, `${busy}.parts`]) expect(existsSync(folder)).toBe(true);
  });
});
