import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { findFreePort } from '../api/find-free-port.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcessFrom, testIo } from './test-io.js';

describe('run: a job that fails before its steps', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ orgs: 2, businesses: 20, feedback: 0, ratePerMinute: 100_000 });
  });
  afterAll(() => api.close());

  it('is said with its name, in the log and in --json, and the next job runs', async () => {
    const dir = await makeTempDir();
    // Its organizations are read with a key the service refuses.
    await writeFile(join(dir, 'first.yaml'), 'name: first\napi: {key_env: OTHER_KEY}\nsteps:\n  - org: all\n    export: {resource: businesses, out: "org-{org}.csv"}\n');
    await writeFile(join(dir, 'second.yaml'), 'name: second\nsteps:\n  - export: {resource: businesses, out: own.csv}\n');
    const env = { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN, OTHER_KEY: 'lbk_refused' };
    const result = await runCliInProcessFrom(dir, ['run', 'first.yaml', 'second.yaml', '--json'], testIo(env));
    expect(result.code).toBe(EXIT_CODES.failed);
    const refusal = 'Could not authenticate with the API: the key was refused (401). Check LISTING_API_KEY or LISTING_API_KEY_FILE.';
    const records = result.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; job?: string; msg: string });
    expect(records.filter((record) => record.level === 50)).toEqual([expect.objectContaining({ job: 'first', msg: refusal })]);
    const results = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { job: string; steps: { status: string }[]; error?: string });
    expect(results.map(({ job, steps, error }) => [job, steps.map((step) => step.status), error])).toEqual([
      ['first', [], refusal],
      ['second', ['ok'], undefined],
    ]);
  });

  it('fails the org: all steps, named, as partial (exit 2), when the service asks to wait too long to list the organizations; the other steps run', async () => {
    const dir = await makeTempDir();
    await writeFile(
      join(dir, 'job.yaml'),
      'name: nightly\nsteps:\n  - name: every org\n    org: all\n    export: {resource: businesses, out: "org-{org}.csv"}\n  - name: org 2\n    org: 2\n    export: {resource: businesses, out: two.csv}\n',
    );
    // The provider's own budget has spent its day: a search that names no organization is asked to wait a day.
    api.emulator.faults.script = (_n, req) => (req.path === '/business/search' && !req.query.has('org_id') ? { status: 429, headers: { 'retry-after': '86400' } } : undefined);
    try {
      const env = { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.PROVIDER };
      const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--json'], testIo(env));
      expect(result.code).toBe(EXIT_CODES.partial);
      const wait = 'Could not GET /business/search: the service asked to wait 86400 s; more than --max-retry-after 300. Run again later, or raise --max-retry-after.';
      const printed = JSON.parse(result.stdout) as { steps: { step: string; org?: number; status: string; error?: string }[]; error?: string };
      expect(printed.error).toBeUndefined();
      expect(printed.steps.map(({ step, org, status, error }) => [step, org, status, error])).toEqual([
        ['every org', undefined, 'partial', wait],
        ['org 2', 2, 'ok', undefined],
      ]);
      const records = result.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; step?: string; msg: string });
      expect(records.filter((record) => record.level === 50)).toEqual([expect.objectContaining({ step: 'every org', msg: wait })]);
      expect(result.said).toContain(`nightly / every org: partial — ${wait}\n`);
    } finally {
      api.emulator.faults.script = undefined;
    }
  });

  it('stops the job at a shared rate budget that cannot be reached, whatever its steps tolerate: exit 1, the steps after it skipped', async () => {
    const dir = await makeTempDir();
    await writeFile(
      join(dir, 'job.yaml'),
      'name: nightly\nsteps:\n  - name: first\n    export: {resource: businesses, out: one.csv}\n    on_error: continue\n  - name: second\n    export: {resource: businesses, out: two.csv}\n',
    );
    const env = { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN, LISTING_RATE_REDIS_URL: `redis://127.0.0.1:${await findFreePort()}` };
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--json'], testIo(env));
    expect(result.code).toBe(EXIT_CODES.failed);
    const printed = JSON.parse(result.stdout) as { steps: { step: string; status: string; error?: string }[] };
    expect(printed.steps.map(({ step, status }) => [step, status])).toEqual([
      ['first', 'failed'],
      ['second', 'skipped'],
    ]);
    expect(printed.steps[0]?.error).toMatch(/^Could not reach the shared rate budget at redis:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED/);
  });
});
