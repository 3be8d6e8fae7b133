import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { exportResource } from '../../../src/jobs/export/export-resource.js';
import type { ExportResource } from '../../../src/jobs/export/export-resource-names.js';
import { importSheet, type ImportResource } from '../../../src/jobs/import/import-sheet.js';
import { parseQuirks } from '../../../src/emulator/pipeline/quirks.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

// The polite emulator, and one that reads as a real service might: nested objects replaced, nulls and omitted fields, values we do not know.
describe.each(['', 'replace-nested,nulls,unknown-values', 'real-shapes'])('export then import (quirks: %s)', (quirks) => {
  let api: TestEmulator;
  let writes: string[];
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 60, feedback: 0, ratePerMinute: 100_000, quirks: parseQuirks(quirks) });
    api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') writes.push(req.path);
      return undefined;
    };
  });
  afterAll(() => api.close());

  it.each([
    ['businesses', 'businesses', 'xlsx'],
    ['businesses', 'businesses', 'csv'],
    ['services', 'services', 'csv'],
    ['attributes', 'attributes', 'xlsx'],
    ['custom-fields', 'custom-field-order', 'xlsx'],
  ] as const satisfies readonly (readonly [ExportResource, ImportResource, string])[])(
    'imports an untouched %s export with no write (%s, %s)',
    async (exported, imported, format) => {
      const dir = await makeTempDir();
      const out = join(dir, `${exported}.${format}`);
      const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
      try {
        const summary = await exportResource(client, exported, { out, filters: {} }, logger);
        expect(summary.rows).toBeGreaterThan(0);
        // Read field by field: whatever shape the service gives, every item is exported.
        expect(summary.failures).toBe(0);
        writes = [];
        const result = await importSheet(client, imported, { file: out, reportDir: join(dir, 'report'), mode: 'diff', dryRun: false }, logger);
        expect(result.rows).toMatchObject({ total: summary.rows, invalid: 0, failed: 0, updated: 0 });
        expect(writes).toEqual([]);
      } finally {
        await client.close();
      }
    },
  );
});
