import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
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
});
