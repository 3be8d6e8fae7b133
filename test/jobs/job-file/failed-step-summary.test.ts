import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/cli/exit-codes.js';
import type { ExportSummary } from '../../../src/jobs/export/export-options.js';
import type { ImportSummary } from '../../../src/jobs/import/import-options.js';
import { runCliInProcessFrom, testIo } from '../../cli/test-io.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

interface PrintedStep {
  step: string;
  status: string;
  cause?: string;
  error?: string;
  summary?: unknown;
}

const REFUSED = 'Could not authenticate with the API: the key was refused (401). Check LISTING_API_KEY or LISTING_API_KEY_FILE.';

describe('a job step or a command that fails once its import or export has summed up', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ orgs: 2, businesses: 40, feedback: 0, ratePerMinute: 100_000 });
  });
  afterEach(() => {
    api.emulator.faults.script = undefined;
  });
  afterAll(() => api.close());

  async function runJob(dir: string, steps: string[]): Promise<{ code: number; steps: PrintedStep[] }> {
    await writeFile(join(dir, 'job.yaml'), ['name: nightly', 'api: {concurrency: 1}', 'steps:', ...steps].join('\n'));
    const io = testIo({ LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.PROVIDER });
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--json'], io);
    return { code: result.code, steps: (JSON.parse(result.stdout) as { steps: PrintedStep[] }).steps };
  }

  it('gives an import step whose key was revoked mid-step its row counts and report folder in --json', async () => {
    const dir = await makeTempDir();
    const businesses = api.emulator.state.orgBusinesses(1).slice(0, 20);
    await writeFile(join(dir, 'stores.csv'), ['business_id,description_short', ...businesses.map((business) => `${business.id},Revoked night ${business.code}`)].join('\n'));
    let writes = 0;
    api.emulator.faults.script = (_n, req) => (req.method === 'POST' && ++writes > 5 ? { status: 401 } : undefined);
    const { code, steps } = await runJob(dir, ['  - {name: stores, org: 1, import: {resource: businesses, source: stores.csv, report: reports/stores}}']);
    expect(code).toBe(EXIT_CODES.failed);
    expect(steps).toEqual([expect.objectContaining({ step: 'stores', status: 'failed', cause: 'key-refused', error: REFUSED })]);
    const summary = steps[0]?.summary as ImportSummary;
    expect(summary.report_dir).toBe('reports/stores');
    expect(summary.rows).toMatchObject({ total: 20, updated: 5, failed: 1, skipped: 14 });
    expect(summary.requests.writes).toBe(6);
  });

  it('prints with import --json the summary of an import whose key was revoked mid-run, as a finished one prints it', async () => {
    const dir = await makeTempDir();
    const businesses = api.emulator.state.orgBusinesses(1).slice(0, 10);
    await writeFile(join(dir, 'stores.csv'), ['business_id,description_short', ...businesses.map((business) => `${business.id},Revoked import ${business.code}`)].join('\n'));
    let writes = 0;
    api.emulator.faults.script = (_n, req) => (req.method === 'POST' && ++writes > 3 ? { status: 401 } : undefined);
    const io = testIo({ LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN });
    const result = await runCliInProcessFrom(dir, ['import', 'businesses', 'stores.csv', '--report', 'reports/stores', '--concurrency', '1', '--json'], io);
    expect(result.code).toBe(EXIT_CODES.failed);
    const summary = JSON.parse(result.stdout) as ImportSummary;
    expect(summary.report_dir).toBe('reports/stores');
    expect(summary.rows).toMatchObject({ total: 10, updated: 3, failed: 1, skipped: 6 });
  });

  it('gives an export step whose key was revoked mid-export its rows and file in --json', async () => {
    const dir = await makeTempDir();
    api.emulator.faults.script = (_n, req) => (req.path === '/business/search' ? { status: 401 } : undefined);
    const { code, steps } = await runJob(dir, ['  - {name: stores, org: 1, export: {resource: businesses, out: stores.csv}}']);
    expect(code).toBe(EXIT_CODES.failed);
    expect(steps).toEqual([expect.objectContaining({ step: 'stores', status: 'failed', cause: 'key-refused', error: REFUSED })]);
    expect(steps[0]?.summary).toMatchObject({ resource: 'businesses', out: 'stores.csv', rows: 0, failures: 0 } satisfies Partial<ExportSummary>);
  });
});
