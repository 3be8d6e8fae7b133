import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import type { EmulatorRequest } from '../../../src/emulator/pipeline/http-types.js';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import type { JobProgress } from '../../../src/jobs/job-progress.js';
import { importSheet } from '../../../src/jobs/import/import-sheet.js';
import { DRIFT_BASE, useDriftingEmulator } from '../../api/drifting-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { readResults } from './start-import-harness.js';

const ONE_CODE_WARNING = 'the service reads code= as one store code';

/**
 * `code=A,B` as a service that takes one code reads it (the 2021 description): the one code `A,B`,
 * which no business has. The emulator splits on commas, so the commas are changed for it.
 */
function readCodeAsOne(request: EmulatorRequest): EmulatorRequest {
  const code = request.query.get('code');
  if (request.path !== '/business/search' || code?.includes(',') !== true) return request;
  const query = new URLSearchParams(request.query);
  query.set('code', code.replaceAll(',', ';'));
  return { ...request, query };
}

describe('an import by store code trusts a list of codes only once an answer proves it', () => {
  const service = useDriftingEmulator({ businesses: 500, feedback: 0 });
  const { state } = service.emulator;
  /** `code=` of each search the last import sent, as it sent it, and its `org_id=`. */
  const searches: string[] = [];
  const searchOrgs: (string | null)[] = [];

  async function runImport(csv: string, { oneCode = false, role = 'ORG_ADMIN', options = {} }: { oneCode?: boolean; role?: Role; options?: Partial<ImportOptions> } = {}) {
    searches.length = 0;
    searchOrgs.length = 0;
    service.reroute = (request) => {
      const code = request.query.get('code');
      if (request.path === '/business/search' && code !== null) {
        searches.push(code);
        searchOrgs.push(request.query.get('org_id'));
      }
      return oneCode ? readCodeAsOne(request) : request;
    };
    const dir = await makeTempDir();
    const file = join(dir, 'input.csv');
    await writeFile(file, csv);
    const reportDir = join(dir, 'report');
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys[role], ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    const summary = await importSheet(client, 'businesses', { file, reportDir, mode: 'diff', dryRun: false, ...options }, logger).finally(() => client.close());
    return { summary, results: await readResults(reportDir), warnings: warnings.filter((line) => line.includes(ONE_CODE_WARNING)) };
  }

  const codesOf = (orgId: number, count: number): string[] => state.orgBusinesses(orgId).slice(0, count).map((business) => business.code ?? '');
  /** Each test names its towns: the businesses keep what an earlier test wrote. */
  // Every import reads the key's custom field definitions first: one request.
  const DEFINITIONS = 1;
  const sheet = (codes: readonly string[], town: string): string => ['code,city', ...codes.map((code, index) => `${code},${town} ${index}`)].join('\n');
  const listed = (code: string): boolean => code.includes(',');

  it('searches 100 codes a request once the service has shown it honours lists, a code missing in a later batch not searched alone', async () => {
    const codes = codesOf(1, 250);
    codes.splice(220, 0, 'NO-SUCH-CODE');
    const { summary, results, warnings } = await runImport(sheet(codes, 'Listed'));
    expect(summary.rows).toMatchObject({ total: 251, updated: 250, failed: 1 });
    expect(searches.map((code) => code.split(',').length)).toEqual([100, 100, 51]);
    expect(summary.requests.reads).toBe(DEFINITIONS + 3);
    expect(results[220]?._errors).toBe("code: no business with store code 'NO-SUCH-CODE' that this key can read");
    expect(warnings).toEqual([]);
  });

  it('falls back to one code a request, for the rest of the run, when a code the list missed is found alone, and resolves every row', async () => {
    const codes = codesOf(1, 150);
    const progress: JobProgress[] = [];
    const { summary, results, warnings } = await runImport(sheet(codes, 'Alone'), { oneCode: true, options: { onProgress: (next) => progress.push(next) } });
    expect(summary.rows).toMatchObject({ total: 150, updated: 150, failed: 0 });
    // The first list, then each of its codes alone; the later batches one code a request from the start.
    expect(searches.filter(listed)).toHaveLength(1);
    expect(searches.filter((code) => !listed(code))).toEqual(codes);
    expect(summary.requests.reads).toBe(DEFINITIONS + 1 + 150);
    expect(results.map((row) => row.city)).toEqual(codes.map((_code, index) => `Alone ${index}`));
    expect(state.orgBusinesses(1)[149]?.city).toBe('Alone 149');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('store codes are now searched one per request');
    // The first batch falls back before any row is reported: the time left counts a read per row to come (every row is by store code).
    expect(progress.map((next) => next.reads?.perRowLeft)).toEqual(codes.map(() => 1));
    expect(progress.at(-1)?.reads).toEqual({ done: DEFINITIONS + 151, perRowLeft: 1 });
  });

  it('learns it once for the run, across organizations: a PROVIDER sheet of two, read per organization after the first batch', async () => {
    const [ours, theirs] = [codesOf(1, 150), codesOf(2, 50)];
    // Every fourth row of organization 2: the first batch reads both, so the later ones go per organization.
    const rows = [...ours.entries()].flatMap(([index, code]) => [`${code},1,Provider ${index}`, ...(index % 3 === 2 ? [`${theirs[(index - 2) / 3] ?? ''},2,Provider ${index}`] : [])]);
    const { summary, warnings } = await runImport(['code,org_id,city', ...rows].join('\n'), { oneCode: true, role: 'PROVIDER' });
    expect(summary.rows).toMatchObject({ total: 200, updated: 200, failed: 0 });
    expect(searches.filter(listed)).toHaveLength(1);
    expect(summary.requests.reads).toBe(DEFINITIONS + 1 + 200);
    expect(new Set(searchOrgs)).toEqual(new Set([null, '1', '2']));
    expect(warnings).toHaveLength(1);
  });

  it('learns it in the plan of a run with breakers, and the run that follows searches nothing again', async () => {
    const codes = codesOf(1, 150);
    const { summary, warnings } = await runImport(sheet(codes, 'Planned'), { oneCode: true, options: { breakers: { maxChanges: { rows: 1000 } } } });
    expect(summary.rows).toMatchObject({ total: 150, updated: 150 });
    // The plan: a list, then each code alone; the run writes from what the plan read.
    expect(searches.filter(listed)).toHaveLength(1);
    expect(searches).toHaveLength(1 + 150);
    expect(summary.requests.reads).toBe(DEFINITIONS + searches.length);
    expect(warnings).toHaveLength(1);
  });

  it('reports a code no business has as not found, with at most one search of it alone', async () => {
    const [first, second] = codesOf(1, 2);
    // The answer that proves lists (two codes came back) leaves the missing one unsearched alone.
    const proven = await runImport(sheet([first ?? '', 'NO-SUCH-CODE', second ?? ''], 'Proven'));
    expect(proven.results.map((row) => row._status)).toEqual(['updated', 'failed', 'updated']);
    expect(proven.results[1]?._errors).toBe("code: no business with store code 'NO-SUCH-CODE' that this key can read");
    expect(searches).toEqual([`${first ?? ''},NO-SUCH-CODE,${second ?? ''}`]);
    // One code came back: nothing is proven yet, so the other is searched alone, once.
    const unproven = await runImport(sheet([first ?? '', 'NO-SUCH-CODE'], 'Unproven'));
    expect(unproven.results.map((row) => row._status)).toEqual(['updated', 'failed']);
    expect(searches).toEqual([`${first ?? ''},NO-SUCH-CODE`, 'NO-SUCH-CODE']);
    expect(unproven.summary.requests.reads).toBe(DEFINITIONS + 2);
    expect(unproven.warnings).toEqual([]);
  });
});
