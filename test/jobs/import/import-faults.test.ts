import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATION_FAILURE, AuthenticationError } from '../../../src/api/errors/api-error.js';
import type { ScriptedFault } from '../../../src/emulator/pipeline/faults.js';
import type { EmulatorRequest } from '../../../src/emulator/pipeline/http-types.js';
import type { Business } from '../../../src/emulator/state-types.js';
import type { ImportSummary } from '../../../src/jobs/import/import-options.js';
import { createSkippingClock } from '../../api/skipping-clock.js';
import { epochTimeOf } from '../../../src/api/pacing/clock.js';
import { readResults, startImportHarness, type ImportHarness } from './start-import-harness.js';

/** What the emulator saw of the writes: every POST it received, and those it applied (answered by the API, not by a fault). */
interface WriteLog {
  received: Map<string, number>;
  applied: Map<string, number>;
}

describe('an import against a faulty service', () => {
  let harness: ImportHarness;
  let businesses: Business[];
  let next = 0;
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 200, transport: 'http' });
    businesses = harness.api.emulator.state.orgBusinesses(1);
  });
  afterEach(() => {
    harness.api.emulator.faults.script = undefined;
  });
  afterAll(() => harness.close());

  /** Rows renaming the next `count` businesses, each business used by one test only. */
  function renameSheet(count: number, prefix: string): { csv: string; targets: Business[] } {
    const targets = businesses.slice(next, next + count);
    next += count;
    if (targets.length < count) throw new Error('not enough seeded businesses');
    return { csv: ['business_id,name', ...targets.map((business, index) => `${business.id},${prefix} ${index}`)].join('\n'), targets };
  }

  /** Injects `fault(k)` on the k-th POST (1-based) and logs the writes; transport faults still apply the write, as a lost answer does. */
  function injectOnWrites(fault: (k: number, req: EmulatorRequest) => ScriptedFault | undefined): WriteLog {
    const log: WriteLog = { received: new Map(), applied: new Map() };
    let writes = 0;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST') return undefined;
      log.received.set(req.path, (log.received.get(req.path) ?? 0) + 1);
      const injected = fault(++writes, req);
      if (injected === undefined || !('status' in injected)) log.applied.set(req.path, (log.applied.get(req.path) ?? 0) + 1);
      return injected;
    };
    return log;
  }

  const sum = (counts: ReadonlyMap<string, number>) => [...counts.values()].reduce((total, count) => total + count, 0);
  const pathsOf = (targets: readonly Business[]) => targets.map((business) => `/business/${business.id}`).sort();
  const expectRenamed = (targets: readonly Business[], prefix: string) => {
    expect(targets.map((business) => business.name)).toEqual(targets.map((_, index) => `${prefix} ${index}`));
  };

  it('waits out a 429 storm for its Retry-After, then applies every row once', async () => {
    const { csv, targets } = renameSheet(10, 'Storm');
    const log = injectOnWrites((k) => (k <= 12 ? { status: 429, headers: { 'retry-after': '30' } } : undefined));
    const clock = createSkippingClock();
    const { summary } = await harness.runImport('businesses', csv, {}, 'ORG_ADMIN', { clock });
    expect(summary.rows).toMatchObject({ total: 10, updated: 10 });
    expect(summary.requests).toMatchObject({ rate_limited: 12, retries: 12 });
    expect(clock.sleeps.filter((ms) => ms === 30_000)).toHaveLength(12);
    expect([...log.applied.keys()].sort()).toEqual(pathsOf(targets));
    expect([...log.applied.values()].every((count) => count === 1)).toBe(true);
    expectRenamed(targets, 'Storm');
  });

  it('retries a burst of 5xx answers and applies every row once', async () => {
    const { csv, targets } = renameSheet(10, 'Burst');
    const log = injectOnWrites((k) => (k >= 3 && k <= 14 ? { status: k % 2 === 0 ? 500 : 503 } : undefined));
    const { summary } = await harness.runImport('businesses', csv);
    expect(summary.rows).toMatchObject({ total: 10, updated: 10 });
    expect(summary.requests.retries).toBe(12);
    expect([...log.applied.values()].every((count) => count === 1)).toBe(true);
    expect(log.applied.size).toBe(10);
    expectRenamed(targets, 'Burst');
  });

  it('retries reset connections: a write whose answer was lost is sent again, to the same effect', async () => {
    const { csv, targets } = renameSheet(10, 'Reset');
    const log = injectOnWrites((k) => (k % 3 === 0 ? { kind: 'reset' } : undefined));
    const { summary } = await harness.runImport('businesses', csv);
    expect(summary.rows).toMatchObject({ total: 10, updated: 10 });
    expect(summary.requests.retries).toBeGreaterThan(0);
    // Each reset costs one more request of the same row, nothing else.
    expect(sum(log.received)).toBe(10 + summary.requests.retries);
    expect([...log.received.keys()].sort()).toEqual(pathsOf(targets));
    expectRenamed(targets, 'Reset');
  });

  it('times out answers that never come and slow bodies that stall, and retries them', async () => {
    const { csv, targets } = renameSheet(10, 'Slow');
    injectOnWrites((k) => {
      if (k === 2) return { kind: 'hang' };
      if (k === 4) return { kind: 'slow-body', durationMs: 10_000 };
      // Slow but steady bodies arrive within the timeout.
      return k % 3 === 0 ? { kind: 'slow-body', durationMs: 200 } : undefined;
    });
    const { summary } = await harness.runImport('businesses', csv, {}, 'ORG_ADMIN', { http: { headersTimeoutMs: 300, bodyTimeoutMs: 300 } });
    expect(summary.rows).toMatchObject({ total: 10, updated: 10 });
    expect(summary.requests.retries).toBe(2);
    expectRenamed(targets, 'Slow');
  });

  it('waits out a 60 s outage mid-run within its outage budget: every row applied, none failed', async () => {
    const { csv, targets } = renameSheet(10, 'Outage');
    const clock = createSkippingClock();
    let outageFrom: number | undefined;
    // From the fourth write on, every request fails for 60 s of the client's clock: its back-offs move that clock.
    const log = injectOnWrites((k) => {
      if (k === 4) outageFrom = clock.now();
      return outageFrom !== undefined && clock.now() < outageFrom + 60_000 ? { status: 503 } : undefined;
    });
    const { summary } = await harness.runImport('businesses', csv, {}, 'ORG_ADMIN', { clock, concurrency: 2, random: () => 1 });
    expect(summary.rows).toMatchObject({ total: 10, updated: 10, failed: 0 });
    expect(log.applied.size).toBe(10);
    // Back-offs stay short, so the run goes on within seconds of the service's return.
    expect(Math.max(...clock.sleeps)).toBeLessThanOrEqual(5000);
    expectRenamed(targets, 'Outage');
  });

  it('fails the rows an outage longer than --max-outage keeps from being sent, and a rerun sends only those', async () => {
    const { csv, targets } = renameSheet(6, 'Long outage');
    const clock = createSkippingClock();
    let outageFrom: number | undefined;
    const log = injectOnWrites((k) => {
      if (k === 4) outageFrom = clock.now();
      return outageFrom !== undefined && clock.now() < outageFrom + 30_000 ? { status: 503 } : undefined;
    });
    const reportDir = join(harness.dir, 'long-outage');
    // One row at a time and a 10 s budget: row 4 spends it with nothing answered meanwhile, so the organization is given
    // up and rows 5 and 6 are not sent, rather than each waiting out the outage again.
    const client = { clock, concurrency: 1, random: () => 1, retry: { maxOutageMs: 10_000 } };
    const { summary, results } = await harness.runImport('businesses', csv, { reportDir }, 'ORG_ADMIN', client);
    expect(summary.rows).toMatchObject({ total: 6, updated: 3, failed: 3 });
    const failed = results.filter((row) => row._status === 'failed');
    expect(failed.map((row) => row._row)).toEqual(['5', '6', '7']);
    expect(failed[0]?._errors).toMatch(/^Could not POST \/business\/.+: the service failed \(503\).*Run again later\.$/);
    for (const row of failed.slice(1)) expect(row._errors).toContain("not sent: the key's own organization failed (5xx answers, timeouts or lost connections) for more than --max-outage 10 s");
    expect(log.applied.size).toBe(3);

    const rerun = injectOnWrites(() => undefined);
    const resumed = await harness.runImport('businesses', csv, { reportDir });
    expect(resumed.summary).toMatchObject({ resumed: 3, rows: { updated: 6 } });
    expect([...rerun.received.keys()].sort()).toEqual(pathsOf(targets.slice(3, 6)));
    expectRenamed(targets, 'Long outage');
  });

  it.each([
    ['at the start', 1],
    ['in the middle', 6],
  ])('survives a 60 s storm of 429s %s, reads and writes alike: every row applied, no failure', async (_when, from) => {
    const { csv, targets } = renameSheet(10, `Storm ${from}`);
    const clock = createSkippingClock();
    let stormFrom: number | undefined;
    let requests = 0;
    harness.api.emulator.faults.script = () => {
      if (++requests === from) stormFrom = clock.now();
      return stormFrom !== undefined && clock.now() < stormFrom + 60_000 ? { status: 429, headers: { 'retry-after': '2' } } : undefined;
    };
    const { summary } = await harness.runImport('businesses', csv, {}, 'ORG_ADMIN', { clock, concurrency: 2 });
    expect(summary.rows).toMatchObject({ total: 10, updated: 10, failed: 0 });
    expect(summary.requests.rate_limited).toBeGreaterThan(0);
    expectRenamed(targets, `Storm ${from}`);
  });

  it('survives a 20 s storm of 429s on the reads: the page of 100 is read again, not failed row by row', async () => {
    const { csv, targets } = renameSheet(10, 'Read storm');
    const clock = createSkippingClock();
    let stormFrom: number | undefined;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'GET') return undefined;
      stormFrom ??= clock.now();
      // Every second for 20 s: a count of retries would have given up long before.
      return clock.now() < stormFrom + 20_000 ? { status: 429, headers: { 'retry-after': '1' } } : undefined;
    };
    const { summary } = await harness.runImport('businesses', csv, {}, 'ORG_ADMIN', { clock });
    expect(summary.rows).toMatchObject({ total: 10, updated: 10, failed: 0 });
    expectRenamed(targets, 'Read storm');
  });

  it('sends nothing more to an organization that asks to wait a day: its rows fail with the wait, and a rerun sends them', async () => {
    const { csv, targets } = renameSheet(10, 'Day');
    const log = injectOnWrites((k) => (k === 3 ? { status: 429, headers: { 'retry-after': '86400' } } : undefined));
    const reportDir = join(harness.dir, 'day');
    const clock = createSkippingClock();
    const { summary, results } = await harness.runImport('businesses', csv, { reportDir }, 'ORG_ADMIN', { clock, concurrency: 1 });
    expect(clock.sleeps.some((ms) => ms >= 300_000)).toBe(false);
    expect(sum(log.received)).toBe(3);
    expect(summary.rows).toMatchObject({ updated: 2, failed: 8, total: 10 });
    expect(results[2]?._errors).toContain('the service asked to wait 86400 s; more than --max-retry-after 300');
    expect(results[3]?._errors).toContain("not sent: the key's own organization asked to wait longer than --max-retry-after 300 s");

    const rerun = injectOnWrites(() => undefined);
    const resumed = await harness.runImport('businesses', csv, { reportDir });
    expect(resumed.summary).toMatchObject({ resumed: 2, rows: { updated: 10 } });
    expect(rerun.received.size).toBe(8);
    expectRenamed(targets, 'Day');
  });

  it('stops at once when the key is revoked mid-run, reports what was done, and throws AuthenticationError', async () => {
    const { csv, targets } = renameSheet(20, 'Revoked');
    let revoked = false;
    const log = injectOnWrites((k) => {
      revoked ||= k === 5;
      return revoked ? { status: 401 } : undefined;
    });
    const reportDir = join(harness.dir, 'revoked');
    const run = harness.runImport('businesses', csv, { reportDir }, 'ORG_ADMIN', { concurrency: 2 });
    await expect(run).rejects.toBeInstanceOf(AuthenticationError);
    // Only what was already in flight when the first 401 came.
    expect(sum(log.received)).toBeLessThanOrEqual(4 + 2);

    const summary = JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as ImportSummary;
    expect(summary.stopped).toBe(AUTHENTICATION_FAILURE);
    expect(summary.rows.updated).toBe(4);
    expect(summary.rows.total).toBe(20);
    const results = await readResults(reportDir);
    // Two writes are in flight at a time, so the 401 may reach the fourth row while the fifth is applied.
    const updatedRows = results.flatMap((row, index) => (row._status === 'updated' ? [index] : []));
    expect(updatedRows).toHaveLength(4);
    expect(Math.max(...updatedRows)).toBeLessThan(5);
    expect(results.filter((row) => row._status === 'failed').every((row) => row._http_status === '401')).toBe(true);
    expect(results.filter((row) => row._status === 'skipped')[0]?._errors).toBe(`not sent: ${AUTHENTICATION_FAILURE}`);

    // Once the key works again, the same command sends only what was not done.
    const rerun = injectOnWrites(() => undefined);
    const resumed = await harness.runImport('businesses', csv, { reportDir });
    expect(resumed.summary).toMatchObject({ resumed: 4, rows: { updated: 20 } });
    expect(rerun.received.size).toBe(16);
    expectRenamed(targets, 'Revoked');
  });

  it('reads nothing for rows held for their batch once --max-errors is passed', async () => {
    const { csv } = renameSheet(5, 'Held');
    // The rows wait for a batch of 100 to be read; the invalid ones after them pass the limit first.
    const { summary, results } = await harness.runImport('businesses', `${csv}\n,No id 1\n,No id 2\n,No id 3`, { maxErrors: 2 });
    expect(summary.rows).toMatchObject({ invalid: 3, skipped: 5, total: 8 });
    // The custom field definitions alone.
    expect(summary.requests.reads).toBe(1);
    expect(results.find((row) => row._status === 'skipped')?._errors).toBe('not sent: more than 2 rows were invalid or failed (--max-errors)');
    const services = await harness.runImport('services', 'code,service_id,price\n000001,101,25.50\n000002,101,25.50\n,101,1\n,101,2\n,101,3', { maxErrors: 2 });
    expect(services.summary.rows).toMatchObject({ invalid: 3, skipped: 2, total: 5 });
    expect(services.summary.requests.reads).toBe(0);
  });

  it('sends no queued write once --max-errors is passed: only those in flight end', async () => {
    const { csv } = renameSheet(20, 'Refused');
    const log = injectOnWrites(() => ({ status: 400, body: { status: 'error', message: 'refused' } }));
    const { summary, results } = await harness.runImport('businesses', csv, { maxErrors: 2 }, 'ORG_ADMIN', { concurrency: 2 });
    // The third failure passes the limit; the writes in flight then (two at most) still end, with their answers.
    const sent = sum(log.received);
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(3 + 2);
    expect(summary.rows).toMatchObject({ failed: sent, skipped: 20 - sent, total: 20 });
    expect(summary.requests.writes).toBe(sent);
    expect(results.filter((row) => row._status === 'failed').every((row) => row._http_status === '400')).toBe(true);
    expect(results.find((row) => row._status === 'skipped')?._errors).toBe('not sent: more than 2 rows were invalid or failed (--max-errors)');
  });
});

describe('pacing against the service rate limit', () => {
  let harness: ImportHarness;
  // The service's window slides on the client's clock, which skips the waits: pacing is checked without waiting it.
  const clock = createSkippingClock();
  beforeAll(async () => {
    // 250 requests per sliding 5 s, the budget the client is given: its 2 % margin is then 100 ms of
    // jitter, as it is 1.2 s against the service's minute (a 1 s window left 20 ms).
    harness = await startImportHarness({ businesses: 400, ratePerMinute: 3000, rateWindowMs: 5000, transport: 'http', now: epochTimeOf(clock) });
  });
  afterAll(() => harness.close());

  it('causes no 429 on its own: 300 writes at the full budget, past one window, none refused', async () => {
    const targets = harness.api.emulator.state.orgBusinesses(1).slice(0, 300);
    expect(targets).toHaveLength(300);
    const csv = ['business_id,name', ...targets.map((business, index) => `${business.id},Paced ${index}`)].join('\n');
    const start = clock.now();
    const { summary } = await harness.runImport('businesses', csv, { mode: 'patch' }, 'ORG_ADMIN', { ratePerMinute: 3000, clock });
    expect(summary.rows).toMatchObject({ total: 300, updated: 300 });
    expect(summary.requests).toMatchObject({ writes: 300, rate_limited: 0, retries: 0 });
    // Past one window: the 300 writes took more than 5 s of the clock, waited or skipped (a loaded machine waits more of it).
    expect(clock.now() - start).toBeGreaterThan(5000);
  }, 30_000);

});
