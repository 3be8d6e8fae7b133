import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/cli/exit-codes.js';
import type { EmulatorRequest } from '../../../src/emulator/pipeline/http-types.js';
import type { ImportSummary } from '../../../src/jobs/import/import-options.js';
import { createSkippingClock } from '../../api/skipping-clock.js';
import { runCliInProcessFrom, testIo } from '../../cli/test-io.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

interface PrintedStep {
  step: string;
  status: string;
  error?: string;
}

describe('run: an organization given up in one step', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ orgs: 2, businesses: 40, feedback: 0, ratePerMinute: 100_000 });
  });
  afterEach(() => {
    api.emulator.faults.script = undefined;
  });
  afterAll(() => api.close());

  /** The organization a request concerns: the one it names, or the business's it writes. */
  function orgOf(req: EmulatorRequest): number | undefined {
    const named = req.query.get('org_id');
    if (named !== null) return Number(named);
    const [, , id = ''] = req.path.split('/');
    return api.emulator.state.businesses.get(decodeURIComponent(id))?.org_id;
  }

  /** A sheet of the first five businesses of organization 1, in their order or reversed. */
  async function writeSheet(dir: string, name: string, text: string, reversed = false): Promise<void> {
    const businesses = api.emulator.state.orgBusinesses(1).slice(0, 5);
    const rows = (reversed ? businesses.reverse() : businesses).map((business) => `${business.id},${text} ${business.code}`);
    await writeFile(join(dir, name), ['business_id,description_short', ...rows].join('\n'));
  }

  it('is tried again by a later step, which sends and imports once the outage is over', async () => {
    const dir = await makeTempDir();
    await writeSheet(dir, 'first.csv', 'First night');
    await writeSheet(dir, 'later.csv', 'Later that night');
    await writeFile(
      join(dir, 'job.yaml'),
      [
        'name: nightly',
        'api: {max_outage: 10}',
        'steps:',
        '  - {name: org 1 first, org: 1, import: {resource: businesses, source: first.csv, report: one}, on_error: continue}',
        '  - {name: org 2 long export, org: 2, export: {resource: businesses, out: two.csv}}',
        '  - {name: org 1 later, org: 1, import: {resource: businesses, source: later.csv, report: two}}',
      ].join('\n'),
    );
    const clock = createSkippingClock();
    // Organization 1 answers 503 past --max-outage, until the long export of organization 2, an hour that outlasts the outage.
    let outage = true;
    api.emulator.faults.script = (_n, req) => {
      const org = orgOf(req);
      if (org === 2 && outage) {
        outage = false;
        clock.advance(3_600_000);
      }
      return outage && org === 1 ? { status: 503 } : undefined;
    };
    const io = { ...testIo({ LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.PROVIDER }), clock };
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--json'], io);
    const printed = JSON.parse(result.stdout) as { steps: PrintedStep[] };
    expect(printed.steps.map(({ step, status }) => [step, status])).toEqual([
      ['org 1 first', 'failed'],
      ['org 2 long export', 'ok'],
      ['org 1 later', 'ok'],
    ]);
    expect(printed.steps[0]?.error).toContain('the service failed (503)');
    expect(result.code).toBe(EXIT_CODES.success);
    for (const business of api.emulator.state.orgBusinesses(1).slice(0, 5)) expect(business.description_short).toBe(`Later that night ${business.code}`);
  });

  it('is given up again within the later step when its first write fails the same way: the rest of that step is not sent', async () => {
    const dir = await makeTempDir();
    await writeSheet(dir, 'first.csv', 'Still down');
    await writeSheet(dir, 'later.csv', 'Still down later', true);
    await writeFile(
      join(dir, 'job.yaml'),
      [
        'name: nightly',
        'api: {max_outage: 10, concurrency: 1}',
        'steps:',
        '  - {name: org 1 first, org: 1, import: {resource: businesses, source: first.csv, report: one}, on_error: continue}',
        '  - {name: org 1 later, org: 1, import: {resource: businesses, source: later.csv, report: two}}',
      ].join('\n'),
    );
    // Organization 1's writes fail all night.
    const written = new Set<string>();
    api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST' || orgOf(req) !== 1) return undefined;
      written.add(req.path);
      return { status: 503 };
    };
    const io = { ...testIo({ LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.PROVIDER }), clock: createSkippingClock() };
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--json'], io);
    const printed = JSON.parse(result.stdout) as { steps: (PrintedStep & { summary: ImportSummary })[] };
    expect(printed.steps.map(({ step, status, summary }) => [step, status, summary.rows.failed])).toEqual([
      ['org 1 first', 'partial', 5],
      ['org 1 later', 'partial', 5],
    ]);
    expect(result.code).toBe(EXIT_CODES.partial);
    // Each step sent its first write only, which waited out the outage: the first business, then the last (the later sheet is reversed).
    const [first, , , , last] = api.emulator.state.orgBusinesses(1);
    expect([...written]).toEqual([`/business/${first?.id ?? ''}`, `/business/${last?.id ?? ''}`]);
  });
});
