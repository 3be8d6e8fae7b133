import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe("a PROVIDER import reads each organization's businesses on that organization's budget", () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ orgs: 3, businesses: 300 });
  });
  afterAll(() => harness.close());

  it('searches with the org_id the sheet names once the key shows it reaches several, and finds a business moved to another one', async () => {
    const { state } = harness.api.emulator;
    // Interleaved as a mixed export lists them: 80 of each organization.
    const perOrg = [1, 2, 3].map((orgId) => state.orgBusinesses(orgId).slice(0, 80));
    const rows: Business[] = perOrg[0]?.flatMap((_, index) => perOrg.flatMap((list) => list.slice(index, index + 1))) ?? [];
    const moved = rows.at(-1);
    if (moved === undefined) throw new Error('the emulator has no businesses');
    const csv = [
      'business_id,org_id,description_short',
      ...rows.map((business) => `${business.id},${business === moved ? 1 : business.org_id},Read per org ${business.code}`),
    ].join('\n');
    const searches: string[] = [];
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method === 'GET' && req.path === '/business/search') searches.push(req.query.get('org_id') ?? 'own');
      return undefined;
    };
    try {
      const { summary } = await harness.runImport('businesses', csv, {}, 'PROVIDER');
      expect(summary.rows).toMatchObject({ total: 240, updated: 240 });
    } finally {
      harness.api.emulator.faults.script = undefined;
    }
    // The first 100 rows on the key's own budget (one organization only could be the key's own); then one read per
    // organization of its 46 or 47 other rows, in the order they start; the moved business is not in organization 1:
    // it is looked up without org_id.
    expect(searches).toEqual(['own', '2', '3', '1', 'own']);
    expect(state.businesses.get(moved.id)?.org_id).toBe(1);
    for (const business of rows) expect(state.businesses.get(business.id)?.description_short).toBe(`Read per org ${business.code}`);
  });

  it('looks up a row whose org_id names an organization the service does not know, so that its write tells what is wrong', async () => {
    const { state } = harness.api.emulator;
    // Past the first 100 rows (read on the key's own budget), the rows are read per organization their org_id names.
    const perOrg = [1, 2].map((orgId) => state.orgBusinesses(orgId).slice(0, 60));
    const rows: Business[] = perOrg[0]?.flatMap((_, index) => perOrg.flatMap((list) => list.slice(index, index + 1))) ?? [];
    const typo = rows.at(-1);
    if (typo === undefined) throw new Error('the emulator has no businesses');
    const csv = ['business_id,org_id,description_short', ...rows.map((business) => `${business.id},${business === typo ? 99 : business.org_id},Unknown org ${business.code}`)].join('\n');
    const { summary, results } = await harness.runImport('businesses', csv, {}, 'PROVIDER');
    expect(summary.rows).toMatchObject({ total: 120, updated: 119, failed: 1 });
    expect(results.at(-1)).toMatchObject({ business_id: typo.id, _status: 'failed', _http_status: '400' });
    expect(results.at(-1)?._errors).toContain('org_id');
    expect(state.businesses.get(typo.id)?.org_id).toBe(typo.org_id);
  });
});
