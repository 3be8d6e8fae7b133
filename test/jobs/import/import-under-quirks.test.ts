import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuirks } from '../../../src/emulator/pipeline/quirks.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/*
 * The business import against an emulator that answers as a real service might: nested objects
 * replaced on write, empty values said as null or left out, a status and a field we do not know.
 * Read field by field, every business takes the row's change and keeps the rest.
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

  it('renames every business and keeps their other fields whole', async () => {
    const csv = ['business_id,name', ...businesses.map((business, index) => `${business.id},Renamed ${index}`)].join('\n');
    const { results, summary } = await harness.runImport('businesses', csv);
    const updated = results.filter((row) => row._status === 'updated');
    expect(summary.rows).toMatchObject({ total: businesses.length, updated: businesses.length, failed: 0, invalid: 0 });
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
