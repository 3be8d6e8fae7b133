import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Clock } from '../../../src/api/pacing/clock.js';
import type { CountersSnapshot } from '../../../src/api/pacing/org-budget.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import type { Business } from '../../../src/emulator/state-types.js';
import type { ImportOptions, ImportSummary } from '../../../src/jobs/import/import-options.js';
import { importSheet, type ImportResource } from '../../../src/jobs/import/import-sheet.js';
import { VirtualClock } from '../../api/virtual-clock.js';
import { readResults, startImportHarness, type ImportHarness } from './start-import-harness.js';

const logger = pino({ level: 'silent' });

describe('a PROVIDER import over several organizations', () => {
  let harness: ImportHarness;
  let runs = 0;
  beforeAll(async () => {
    harness = await startImportHarness({ orgs: 3, businesses: 150 });
  });
  afterEach(() => {
    harness.api.emulator.faults.script = undefined;
  });
  afterAll(() => harness.close());

  /** `count` businesses of each organization, not used by another test, interleaved as a mixed sheet lists them. */
  let taken = 0;
  function takeBusinesses(count: number, ...orgIds: number[]): Business[] {
    const perOrg = orgIds.map((orgId) => harness.api.emulator.state.orgBusinesses(orgId).slice(taken, taken + count));
    taken += count;
    return perOrg[0]?.flatMap((_, index) => perOrg.flatMap((list) => list.slice(index, index + 1))) ?? [];
  }

  async function importAsProvider(
    resource: ImportResource,
    csv: string,
    clock?: Clock,
    role: Role = 'PROVIDER',
    options: Partial<ImportOptions> = {},
  ): Promise<{ summary: ImportSummary; counters: CountersSnapshot }> {
    const file = join(harness.dir, `per-org-${++runs}.csv`);
    await writeFile(file, csv);
    const client = createApiClient({
      baseUrl: harness.api.url,
      apiKey: harness.api.emulator.keys[role],
      ratePerMinute: 100_000,
      retry: { baseDelayMs: 1 },
      ...(clock === undefined ? {} : { clock }),
    });
    try {
      const summary = await importSheet(client, resource, { mode: 'diff', dryRun: false, ...options, file, reportDir: join(harness.dir, `per-org-report-${runs}`) }, logger);
      return { summary, counters: client.readCounters() };
    } finally {
      await client.close();
    }
  }

  function orgOfPath(path: string): number | undefined {
    const [, , id = ''] = path.split('/');
    return harness.api.emulator.state.businesses.get(decodeURIComponent(id))?.org_id;
  }

  it("charges each business's write to its organization, and the search for unknown businesses to the key's own budget", async () => {
    const targets = takeBusinesses(5, 1, 2, 3);
    const csv = ['business_id,description_short', ...targets.map((business) => `${business.id},Charged ${business.org_id} ${business.code}`)].join('\n');
    const writesByOrg = new Map<number | undefined, number>();
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') writesByOrg.set(orgOfPath(req.path), (writesByOrg.get(orgOfPath(req.path)) ?? 0) + 1);
      return undefined;
    };
    const { summary, counters } = await importAsProvider('businesses', csv);
    expect(summary.rows).toMatchObject({ total: 15, updated: 15 });
    // The key's own budget: the custom fields (which a PROVIDER without --org is refused) and the one search.
    expect(writesByOrg).toEqual(new Map([[1, 5], [2, 5], [3, 5]]));
    expect(Object.fromEntries(Object.entries(counters.organizations).map(([key, { sent }]) => [key, sent]))).toEqual({ own: 2, 'org:1': 5, 'org:2': 5, 'org:3': 5 });
    for (const business of targets) expect(harness.api.emulator.state.businesses.get(business.id)?.description_short).toBe(`Charged ${business.org_id} ${business.code}`);
    const expected = {
      own: { rows: 0, requests: 2, rate_limited: 0 },
      'org:1': { rows: 5, requests: 5, rate_limited: 0 },
      'org:2': { rows: 5, requests: 5, rate_limited: 0 },
      'org:3': { rows: 5, requests: 5, rate_limited: 0 },
    };
    expect(summary.organizations).toEqual(expected);
    expect(JSON.parse(await readFile(join(summary.report_dir, 'summary.json'), 'utf8'))).toMatchObject({ organizations: expected });
  });

  it("charges each business's reads and writes of services and attributes to its organization", async () => {
    const targets = takeBusinesses(2, 1, 2);
    const csv = ['business_id,geo_id,type,value', ...targets.map((business) => `${business.id},url_order_ahead,URL,https://order.example.com/${business.id}`)].join('\n');
    const { summary, counters } = await importAsProvider('attributes', csv);
    expect(summary.rows).toMatchObject({ total: 4, updated: 4 });
    // One search finds the four businesses' organizations; then each business's attributes are read and written on its own budget.
    expect(Object.fromEntries(Object.entries(counters.organizations).map(([key, { sent }]) => [key, sent]))).toEqual({ own: 1, 'org:1': 4, 'org:2': 4 });
  });

  it.each(['services', 'attributes'] as const)('writes no %s with --org to a business of another organization, and charges the rest to that organization', async (resource) => {
    const targets = takeBusinesses(2, 1, 2);
    // Service 104 is offered to cafés.
    for (const business of targets) business.categories = ['gcid:cafe'];
    const rows =
      resource === 'services'
        ? ['business_id,service_id,price', ...targets.map((business) => `${business.id},104,${business.org_id}.5`)]
        : ['business_id,geo_id,type,value', ...targets.map((business) => `${business.id},url_order_ahead,URL,https://order.example.com/org-${business.org_id}`)];
    const written: string[] = [];
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') written.push(`${orgOfPath(req.path) ?? '?'}`);
      return undefined;
    };
    const { summary, counters } = await importAsProvider(resource, rows.join('\n'), undefined, 'PROVIDER', { orgId: 1 });
    expect(written).toEqual(['1', '1']);
    const results = await readResults(summary.report_dir);
    expect(results.map((row) => [row.business_id, row._status])).toEqual(targets.map((business) => [business.id, business.org_id === 1 ? 'updated' : 'failed']));
    expect(results.find((row) => row._status === 'failed')?._errors).toBe(`business_id: no business '${targets[1]?.id ?? ''}' in organization 1 that this key can read`);
    expect(Object.keys(counters.organizations)).toEqual(['org:1']);
  });

  it("finds a store code that several organizations use by the row's org_id, from the sheet's first row", async () => {
    const [first, second] = takeBusinesses(1, 1, 3);
    if (first === undefined || second === undefined) throw new Error('no businesses to take');
    // Store codes are unique per organization only: two organizations' numbering may meet.
    first.code = 'SHARED-1';
    second.code = 'SHARED-1';
    const csv = ['code,org_id,description_short', `SHARED-1,1,Shared code in 1`, `SHARED-1,3,Shared code in 3`].join('\n');
    const { summary } = await importAsProvider('businesses', csv);
    expect(summary.rows).toMatchObject({ total: 2, updated: 2 });
    expect(harness.api.emulator.state.businesses.get(first.id)?.description_short).toBe('Shared code in 1');
    expect(harness.api.emulator.state.businesses.get(second.id)?.description_short).toBe('Shared code in 3');
  });

  it("keeps a single organization's key on one pacer: its own budget is that organization's", async () => {
    const targets = takeBusinesses(4, 1);
    const csv = ['business_id,description_short', ...targets.map((business) => `${business.id},Own ${business.code}`)].join('\n');
    const { summary, counters } = await importAsProvider('businesses', csv, undefined, 'ORG_ADMIN');
    expect(summary.rows).toMatchObject({ total: 4, updated: 4 });
    expect(Object.keys(counters.organizations)).toEqual(['own']);
    expect(summary.organizations).toBeUndefined();
  });

  it("leaves a 429 storm on one organization to that organization: the other's rows are applied meanwhile", async () => {
    const targets = takeBusinesses(10, 1, 2);
    const csv = ['business_id,description_short', ...targets.map((business) => `${business.id},Storm ${business.org_id} ${business.code}`)].join('\n');
    // The client's time moves only as the test runs its timers: organization 1 is throttled (Retry-After: 60) until the test
    // ends the storm, once organization 2's rows are applied; meanwhile only waits shorter than 60 s may end. A pacer that
    // held organization 2 for the storm would never apply them, and the test would time out.
    const clock = new VirtualClock();
    const appliedAt = new Map<number | undefined, number[]>([[1, []], [2, []]]);
    let stormOver = false;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST') return undefined;
      const orgId = orgOfPath(req.path);
      if (orgId === 1 && !stormOver) return { status: 429, headers: { 'retry-after': '60' } };
      appliedAt.get(orgId)?.push(clock.now());
      return undefined;
    };
    const running = importAsProvider('businesses', csv, clock);
    while ((appliedAt.get(2)?.length ?? 0) < 10) await clock.run(59_999);
    stormOver = true;
    const { summary, counters } = await clock.runUntilSettled(running);
    expect(summary.rows).toMatchObject({ total: 20, updated: 20 });
    expect(appliedAt.get(2)).toHaveLength(10);
    expect(appliedAt.get(2)?.every((at) => at < 60_000)).toBe(true);
    expect(appliedAt.get(1)?.every((at) => at >= 60_000)).toBe(true);
    expect(counters.organizations['org:1']?.rateLimited).toBeGreaterThan(0);
    expect(counters.organizations['org:2']?.rateLimited).toBe(0);
    expect(summary.organizations?.['org:1']).toMatchObject({ rows: 10, rate_limited: counters.organizations['org:1']?.rateLimited });
    expect(summary.organizations?.['org:2']).toEqual({ rows: 10, requests: 10, rate_limited: 0 });
  });

  it("gives up on an organization whose 429s outlast --max-rate-wait: its other rows are not sent, not waited out one by one", async () => {
    const targets = takeBusinesses(4, 1, 2);
    const csv = ['business_id,description_short', ...targets.map((business) => `${business.id},Spent ${business.org_id} ${business.code}`)].join('\n');
    // Organization 1 is throttled all run long (Retry-After: 60). Waiting out the 15 minutes of --max-rate-wait for each of
    // its rows in turn held an import of 4 rows for an hour; once one request has spent them, the others are not sent.
    const clock = new VirtualClock();
    harness.api.emulator.faults.script = (_n, req) => (req.method === 'POST' && orgOfPath(req.path) === 1 ? { status: 429, headers: { 'retry-after': '60' } } : undefined);
    const running = importAsProvider('businesses', csv, clock, 'PROVIDER');
    const { summary } = await clock.runUntilSettled(running);
    expect(clock.now()).toBeLessThan(20 * 60_000);
    expect(summary.rows).toMatchObject({ total: 8, updated: 4, failed: 4 });
    const results = await readResults(summary.report_dir);
    const failed = results.filter((row) => row._status === 'failed');
    expect(failed.every((row) => targets.find((business) => business.id === row.business_id)?.org_id === 1)).toBe(true);
    const notSent = failed.filter((row) => row._http_status === '');
    expect(notSent.length).toBeGreaterThan(0);
    expect(notSent[0]?._errors).toContain('not sent: organization 1 was answered 429 (over the rate limit) for more than --max-rate-wait 900 s');
  });

  it('gives up on an organization asked to wait past --max-retry-after: its other rows are not sent, the other organizations go on', async () => {
    const targets = takeBusinesses(4, 1, 2);
    const csv = ['business_id,description_short', ...targets.map((business) => `${business.id},Day ${business.org_id} ${business.code}`)].join('\n');
    // Organization 1 has spent its day's budget (Retry-After: 86400): the nightly sync of the others still runs.
    let org1Writes = 0;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST' || orgOfPath(req.path) !== 1) return undefined;
      org1Writes++;
      return { status: 429, headers: { 'retry-after': '86400' } };
    };
    const { summary } = await importAsProvider('businesses', csv, undefined, 'PROVIDER', {});
    expect(summary.stopped).toBeUndefined();
    expect(summary.rows).toMatchObject({ total: 8, updated: 4, failed: 4 });
    const results = await readResults(summary.report_dir);
    const failed = results.filter((row) => row._status === 'failed');
    expect(failed.every((row) => targets.find((business) => business.id === row.business_id)?.org_id === 1)).toBe(true);
    expect(failed.some((row) => row._errors?.includes('the service asked to wait 86400 s; more than --max-retry-after 300') === true)).toBe(true);
    const notSent = failed.filter((row) => row._http_status === '');
    expect(notSent.length).toBeGreaterThan(0);
    expect(notSent[0]?._errors).toContain('not sent: organization 1 asked to wait longer than --max-retry-after 300 s');
    expect(org1Writes).toBeLessThan(4);
  });

  it('gives up on an organization that keeps failing past --max-outage: its other rows are not sent, the other organizations go on', async () => {
    const targets = takeBusinesses(12, 1, 2);
    const csv = ['business_id,description_short', ...targets.map((business) => `${business.id},Down ${business.org_id} ${business.code}`)].join('\n');
    // Organization 1 answers 500 all run long. Each of its rows waited out the 2 minutes of --max-outage in turn, 8 at a
    // time: a night's outage of one organization held a sync of 10,000 rows for two days.
    const clock = new VirtualClock();
    let writes = 0;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST') return undefined;
      writes++;
      return orgOfPath(req.path) === 1 ? { status: 500 } : undefined;
    };
    const running = importAsProvider('businesses', csv, clock);
    const { summary } = await clock.runUntilSettled(running);
    expect(clock.now()).toBeLessThan(2 * 120_000);
    expect(summary.rows).toMatchObject({ total: 24, updated: 12, failed: 12 });
    // The writes counted are those sent, retries apart: not those refused before sending.
    expect(summary.requests.writes).toBe(writes - summary.requests.retries);
    const results = await readResults(summary.report_dir);
    const failed = results.filter((row) => row._status === 'failed');
    expect(failed.every((row) => targets.find((business) => business.id === row.business_id)?.org_id === 1)).toBe(true);
    const notSent = failed.filter((row) => row._http_status === '');
    expect(notSent.length).toBeGreaterThan(0);
    expect(notSent[0]?._errors).toContain('not sent: organization 1 failed (5xx answers, timeouts or lost connections) for more than --max-outage 120 s');
  });
});
