import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MODES } from '../../../src/jobs/import/import-options.js';
import type { ImportResource } from '../../../src/jobs/import/import-sheet.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/** Ids that `encodeURIComponent` leaves able to move a request off `/business/{id}/…`, or that are no id at all. */
const HOSTILE_IDS = ['..', '.', '../services', '..%2Fservices', 'a b', ''];

/** Every path the imports may reach: a business's own endpoints, the search, the custom fields. */
const ALLOWED_PATHS = [
  /^\/business\/search$/,
  /^\/business\/[A-Za-z0-9_-]+(\/(services|structured_services|attributes))?$/,
  /^\/custom_fields(\/order)?$/,
];

describe('hostile ids', () => {
  let harness: ImportHarness;
  const requests: string[] = [];
  beforeAll(async () => {
    harness = await startImportHarness();
    harness.api.emulator.faults.script = (_n, req) => {
      requests.push(`${req.method} ${req.path}`);
      return undefined;
    };
  });
  afterAll(() => harness.close());

  const sheets: Record<Exclude<ImportResource, 'custom-field-order'>, (id: string) => string> = {
    businesses: (id) => `"${id}",Renamed`,
    services: (id) => `"${id}",101,5`,
    attributes: (id) => `"${id}",has_wheelchair_accessible_entrance,BOOL,true`,
  };
  const headers: Record<keyof typeof sheets, string> = {
    businesses: 'business_id,name',
    services: 'business_id,service_id,price',
    attributes: 'business_id,geo_id,type,value',
  };

  for (const mode of IMPORT_MODES) {
    for (const resource of Object.keys(sheets) as (keyof typeof sheets)[]) {
      it(`${resource} in ${mode} mode: every row is invalid, no request leaves /business/{id}/…`, async () => {
        requests.length = 0;
        const ids = HOSTILE_IDS.filter((id) => id !== '');
        const csv = [headers[resource], ...ids.map(sheets[resource])].join('\n');
        const { results } = await harness.runImport(resource, csv, { mode });
        expect(results.map((row) => row._status)).toEqual(ids.map(() => 'invalid'));
        for (const row of results) expect(row._errors).toMatch(/^business_id: /);
        for (const request of requests) expect(ALLOWED_PATHS.some((path) => path.test(request.split(' ')[1] ?? ''))).toBe(true);
        expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
      });
    }
  }

  it('custom-field-order: hostile ids are refused as values, no request leaves its endpoint', async () => {
    requests.length = 0;
    const csv = ['id,order', ...HOSTILE_IDS.filter((id) => id !== '').map((id, index) => `"${id}",${index + 1}`)].join('\n');
    await harness.runImport('custom-field-order', csv);
    for (const request of requests) expect(ALLOWED_PATHS.some((path) => path.test(request.split(' ')[1] ?? ''))).toBe(true);
  });
});
