import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { runCliInProcessFrom, testIo } from '../../cli/test-io.js';
import { EXIT_CODES } from '../../../src/cli/exit-codes.js';
import { withStopSignal, type StopContext } from '../../../src/cli/stop-signal.js';
import { loadJob } from '../../../src/jobs/job-file/load-job.js';
import { runJob } from '../../../src/jobs/job-file/run-job.js';
import { STEP_RUNNERS } from '../../../src/jobs/job-file/step-runners.js';
import type { ExportSummary } from '../../../src/jobs/export/export-options.js';
import type { ImportSummary } from '../../../src/jobs/import/import-options.js';
import type { JobProgress } from '../../../src/jobs/job-progress.js';
import { validateJob } from '../../../src/jobs/job-file/validate-job.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

/** Signals reach the commands of this file through it, as they reach the binary through `process`. */
const io = testIo();

const logger = pino({ level: 'silent' });
const env = { CRM_EXPORT_DIR: 'samples', FEEDBACK_SINCE: '2025-06-01T00:00:00Z' };

describe('job files in jobs/', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 200, feedback: 300, ratePerMinute: 100_000 });
  });
  afterAll(() => api.close());

  it('each validates offline and runs against the emulator as a dry run', async () => {
    const files = (await readdir('jobs')).filter((name) => name.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const name of files) {
      const job = await loadJob(join('jobs', name), { env, now: new Date() });
      const checks = await validateJob(job);
      // Reports and exports go to a temporary folder: a test never writes into the checkout.
      const out = await makeTempDir();
      for (const [index, step] of job.steps.entries()) {
        if ('import' in step) step.import.report = join(out, `${index}-report-{org}`);
        else step.export.out = join(out, `${index}-${basename(step.export.out)}`);
      }
      expect(checks.filter((check) => check.error !== undefined)).toEqual([]);
      const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
      try {
        const result = await runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: true, now: new Date() }, logger);
        expect(result.steps.map((step) => [name, step.step, step.status === 'failed' ? step.error : 'ran'])).toEqual(
          result.steps.map((step) => [name, step.step, 'ran']),
        );
        for (const step of result.steps) {
          // Import summaries count rows by status; a dry run updates none.
          const summary = step.summary as Partial<ImportSummary>;
          if (summary.report_dir !== undefined) expect(summary.rows?.updated).toBe(0);
        }
        if (name === 'demo.yaml') {
          // The sample's deliberate mistakes, and only those: four bad rows and one unknown store code.
          expect((result.steps[0]?.summary as ImportSummary).rows).toMatchObject({ total: 21, would_update: 14, unchanged: 2, invalid: 4, failed: 1 });
        }
      } finally {
        await client.close();
      }
    }
  });

  it('stops cleanly on SIGTERM: exit 143 and a complete report', async () => {
    const job = await loadJob(join('jobs', 'holiday-hours.yaml'), { env, now: new Date() });
    // A report folder of its own: the dry run above may have used the same {datetime}, and its journal would be refused.
    const [step] = job.steps;
    if (step !== undefined && 'import' in step) step.import.report = join(await makeTempDir(), 'report');
    let exitCode = 0;
    const context: StopContext = { io, logger, requestExit: (code) => (exitCode = Math.max(exitCode, code)) };
    let writes = 0;
    api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST') return undefined;
      writes++;
      if (writes === 5) setImmediate(() => io.signals.emit('SIGTERM'));
      return undefined;
    };
    let summary: ImportSummary | undefined;
    let status: string | undefined;
    await withStopSignal(context, async (signal) => {
      const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 600, concurrency: 2, signal });
      try {
        const result = await runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: false, signal, now: new Date() }, logger);
        summary = result.steps[0]?.summary as ImportSummary;
        status = result.steps[0]?.status;
      } finally {
        await client.close();
      }
    });
    api.emulator.faults.script = undefined;
    expect(exitCode).toBe(EXIT_CODES.terminated);
    expect(status).toBe('stopped');
    // Writes sent, not writes queued when the signal came.
    expect(summary?.requests.writes).toBe(writes);
    expect(summary?.rows.total).toBe(30);
    expect(summary?.rows.skipped).toBeGreaterThan(0);
    expect((summary?.rows.updated ?? 0) + (summary?.rows.skipped ?? 0) + (summary?.rows.unchanged ?? 0)).toBe(30);
    const results = await readFile(join(summary?.report_dir ?? '', 'results.csv'), 'utf8');
    expect(results.trim().split(/\r?\n/)).toHaveLength(31);
  });

  it('marks an export step stopped before its first page as stopped, not failed', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'job.yaml'), ['name: nightly', 'steps:', '  - export:', '      resource: businesses', '      out: out/stores.csv'].join('\n'));
    const stopIo = testIo({ LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN });
    // The signal comes while the export reads the custom field definitions, before any page.
    api.emulator.faults.script = (_n, req) => {
      if (req.path === '/custom_fields') stopIo.signals.emit('SIGTERM');
      return undefined;
    };
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--json'], stopIo).finally(() => (api.emulator.faults.script = undefined));
    expect(result.code).toBe(EXIT_CODES.terminated);
    expect(JSON.parse(result.stdout)).toMatchObject({ steps: [{ step: '1. export businesses', status: 'stopped' }] });
    expect(result.said).toContain('nightly / 1. export businesses: stopped — ');
    expect(result.stderr).not.toContain('"level":50');
  });

  it('marks a step stopped by a run breaker, so that run exits with the breaker code', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-breaker-'));
    const file = join(dir, 'job.yaml');
    const report = join(dir, 'report');
    await copyFile(join('samples', 'holiday-hours.csv'), join(dir, 'holiday-hours.csv'));
    await writeFile(
      file,
      ['name: guarded', 'steps:', '  - import:', '      resource: businesses', `      source: ${join(dir, 'holiday-hours.csv')}`, `      report: ${report}`, '      max_changes: 5'].join('\n'),
    );
    const job = await loadJob(file, { env, now: new Date(), cwd: dir });
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const result = await runJob(job, client, STEP_RUNNERS, { shard: { index: 1, count: 1 }, dryRun: false, now: new Date() }, logger);
      expect(result.steps[0]).toMatchObject({ status: 'failed', cause: 'breaker' });
      expect(result.steps[0]?.error).toContain('--max-changes 5');
    } finally {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("reports each step's progress under the step's name, from the step's start, and an import step's rows to expect", async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'job.yaml');
    // Job files stay under their working directory: here, the test's own folder.
    const out = join(dir, 'out');
    await copyFile(join('samples', 'holiday-hours.csv'), join(dir, 'holiday-hours.csv'));
    await writeFile(
      file,
      [
        'name: progress',
        'steps:',
        '  - import:',
        '      resource: businesses',
        `      source: ${join(dir, 'holiday-hours.csv')}`,
        `      report: ${out}/report`,
        '  - name: export the businesses',
        '    export:',
        '      resource: businesses',
        `      out: ${out}/businesses.csv`,
      ].join('\n'),
    );
    const job = await loadJob(file, { env, now: new Date(), cwd: dir });
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    const seen: (JobProgress | number)[] = [];
    const options = { shard: { index: 1, count: 1 }, dryRun: true, now: new Date(), onProgress: (next: JobProgress) => seen.push(next), onRowsExpected: (rows: number) => seen.push(rows) };
    const result = await runJob(job, client, STEP_RUNNERS, options, logger).finally(() => client.close());
    // Each step says it started before anything of its own, the sheet's rows included.
    expect(seen.slice(0, 2)).toEqual([{ rows: 0, step: '1. import businesses' }, 30]);
    expect(seen.find((progress) => typeof progress === 'object' && progress.step === 'export the businesses')).toEqual({ rows: 0, step: 'export the businesses' });
    expect([...new Set(seen.map((progress) => (typeof progress === 'number' ? 'rows expected' : progress.step)))]).toEqual(['1. import businesses', 'rows expected', 'export the businesses']);
    expect(seen.filter((progress) => typeof progress === 'object' && progress.step === '1. import businesses').at(-1)).toMatchObject({ rows: 30 });
    const exported = (result.steps[1]?.summary as ExportSummary).rows;
    expect(exported).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ step: 'export the businesses', rows: exported });
  });
});

