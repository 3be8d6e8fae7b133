import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { ExportFilters } from '../../../src/jobs/export/export-filters.js';
import type { ExportSummary } from '../../../src/jobs/export/export-options.js';
import { exportResource } from '../../../src/jobs/export/export-resource.js';
import type { GeoLocation } from '../../../src/emulator/state-types.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

describe('export geo-locations checks each location against the filters asked', () => {
  let plain: TestEmulator;
  let ignoring: TestEmulator;
  beforeAll(async () => {
    [plain, ignoring] = await Promise.all([startTestEmulator(), startTestEmulator({ quirks: { 'ignore-filters': true } })]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), ignoring.close()]);
  });

  /** The organization's locations, the same in both emulators (one seed). */
  const locations = (): GeoLocation[] => plain.emulator.state.geoLocations.filter((location) => location.org_id === 1);

  async function runExport(api: TestEmulator, filters: ExportFilters): Promise<{ ids: () => Promise<(string | undefined)[]>; summary: Promise<ExportSummary> }> {
    const out = join(await makeTempDir(), 'locations.csv');
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    const summary = exportResource(client, 'geo-locations', { out, filters }, logger).finally(() => client.close());
    // A stopped export leaves no file: no rows.
    const ids = async () => parse<Record<string, string>>(await readFile(out).catch(() => ''), { bom: true, columns: true }).map((row) => row.id);
    return { ids, summary };
  }

  it('exports what a service that honours them answers', async () => {
    const [first, second] = locations().filter((location) => location.google_verifications.status === 'verified');
    const asked = [first?.id ?? '', second?.id ?? ''];
    const { ids, summary } = await runExport(plain, { location: asked, 'verification-status': ['verified'] });
    expect(await summary).toMatchObject({ rows: 2, failures: 0 });
    expect(await ids()).toEqual(asked);
  });

  it('stops when the service ignored --location, rather than export every location', async () => {
    const [, wanted] = locations();
    const { ids, summary } = await runExport(ignoring, { location: [wanted?.id ?? ''] });
    const other = locations()[0]?.id ?? '';
    await expect(summary).rejects.toThrow(
      `Could not GET /geo-oauth-accounts/locations/search: the service ignored the filter location_id=${wanted?.id ?? ''}: it answered location ${other} with id "${other}". `,
    );
    expect(await ids()).toEqual([]);
  });

  it('stops when the service ignored --verification-status', async () => {
    const unverified = locations().find((location) => location.google_verifications.status === 'unverified');
    expect(unverified).toBeDefined();
    const { summary } = await runExport(ignoring, { 'verification-status': ['verified'] });
    await expect(summary).rejects.toThrow(/the service ignored the filter verification_status=verified: it answered location loc_\w+ with google_verifications\.status "unverified"\. /);
  });
});
