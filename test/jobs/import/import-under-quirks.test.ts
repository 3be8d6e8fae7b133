import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuirks } from '../../../src/emulator/quirks.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/*
 * The business import against an emulator that answers as a real service might: nested objects
 * replaced on write, empty values said as null or left out, a status and a field we do not know.
 * Every business either takes the row's change and keeps the rest, or is named as unreadable
 * with nothing sent: never a write built from a value we could not read.
 */
describe('import businesses from a service with replace-nested,nulls,unknown-values', () => {
  let harness: ImportHarness;
  let businesses: Business[];
  let before: Map<string, Business>;
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 40, feedback: 0, quirks: parseQuirks('replace-nested,nulls,unknown-values') });
    businesses = harness.api.emulator.state.orgBusinesses(1);
    before = new Map(businesses.map((business) => [business.id, structuredClone(business)]));
  });
  afterAll(() => harness.close());

  it('renames every business it can read, keeps their other fields whole, and names the others', async () => {
    const csv = ['business_id,name', ...businesses.map((business, index) => `${business.id},Renamed ${index}`)].join('\n');
    const { results, summary } = await harness.runImport('businesses', csv);
    const updated = results.filter((row) => row._status === 'updated');
    const failed = results.filter((row) => row._status === 'failed');
    // The quirks pick some businesses each: both kinds are met.
    expect(updated.length).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThan(0);
    expect(summary.rows).toMatchObject({ total: businesses.length, updated: updated.length, failed: failed.length, invalid: 0 });
    for (const row of failed) expect(row._errors).toMatch(/unreadable: /);
    expect(harness.writes).toHaveLength(updated.length);
    for (const [index, business] of businesses.entries()) {
      const old = before.get(business.id);
      const wasUpdated = results[index]?._status === 'updated';
      const { name, modified: _modified, ...rest } = business;
      const { name: oldName, modified: _oldModified, ...oldRest } = old ?? business;
      expect(name).toBe(wasUpdated ? `Renamed ${index}` : oldName);
      // Nested objects replaced by the service: still as they were, since they were sent whole or not at all.
      expect(rest).toEqual(oldRest);
    }
  });
});
