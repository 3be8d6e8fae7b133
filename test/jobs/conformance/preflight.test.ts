import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { FaultScript } from '../../../src/emulator/pipeline/faults.js';
import type { Quirks } from '../../../src/emulator/pipeline/quirks.js';
import { PreflightError } from '../../../src/jobs/conformance/preflight-error.js';
import { loadJob } from '../../../src/jobs/job-file/load-job.js';
import { runJob, type StepRunners } from '../../../src/jobs/job-file/run-job.js';
import { createSkippingClock } from '../../api/skipping-clock.js';
import { startTestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const JOB = ['name: with-preflight', 'preflight: true', 'steps:', '  - export: {resource: businesses, out: stores.csv}'].join('\n');

/** Runs the job above against an emulator with `quirks`; the step runners only record that they ran. */
async function runWithPreflight(quirks: Quirks, faults?: FaultScript): Promise<{ run: Promise<unknown>; exported: ReturnType<typeof vi.fn> }> {
  const dir = await makeTempDir();
  await writeFile(join(dir, 'job.yaml'), JOB);
  const job = await loadJob(join(dir, 'job.yaml'), { env: {}, now: new Date(), cwd: dir });
  const exported = vi.fn(() => Promise.resolve({ partial: false, summary: {} }));
  const runners: StepRunners = { runImport: () => Promise.reject(new Error('the job has no import')), runExport: exported };
  const api = await startTestEmulator({ quirks });
  api.emulator.faults.script = faults;
  const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, clock: createSkippingClock() });
  const run = runJob(job, client, runners, { shard: { index: 1, count: 1 }, dryRun: false, now: new Date() }, pino({ level: 'silent' })).finally(async () => {
    await client.close();
    await api.close();
  });
  return { run, exported };
}

describe('preflight: true in a job file', () => {
  it('runs the steps when nothing blocks a run', async () => {
    const { run, exported } = await runWithPreflight({});
    await expect(run).resolves.toMatchObject({ steps: [{ status: 'ok' }] });
    expect(exported).toHaveBeenCalledOnce();
  });

  it('stops the job before any step, exit 1, naming the broken assumption', async () => {
    const { run, exported } = await runWithPreflight({ 'ignore-page': true });
    await expect(run).rejects.toThrow(PreflightError);
    await expect(run).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringContaining('GET /business/search serves the page asked, each business once: asked pages 1 and 2, answered pages 1 and 1') as unknown,
    });
    expect(exported).not.toHaveBeenCalled();
  });

  it('stops the job before any step with the service out of reach, not as a broken assumption', async () => {
    const { run, exported } = await runWithPreflight({}, () => ({ status: 503 }));
    await expect(run).rejects.toMatchObject({ exitCode: 1, message: expect.stringMatching(/^Could not GET \/business\/search: the service failed \(503\)/) as unknown });
    await expect(run).rejects.not.toThrow(PreflightError);
    expect(exported).not.toHaveBeenCalled();
  });
});
