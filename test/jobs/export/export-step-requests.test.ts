import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { exportResource } from '../../../src/jobs/export/export-resource.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

// A job's steps share one client: each export reports the requests it sent, not the client's running total.
describe('the requests of an export', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 20, feedback: 10 });
  });
  afterAll(() => api.close());

  it('are its own when an earlier export used the same client', async () => {
    const dir = await makeTempDir();
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const first = await exportResource(client, 'businesses', { out: join(dir, 'businesses.csv'), filters: {} }, logger);
      const second = await exportResource(client, 'message-templates', { out: join(dir, 'templates.csv'), filters: {} }, logger);
      expect(first.requests.sent).toBeGreaterThan(1);
      expect(second.requests).toEqual({ sent: 1, retries: 0, rate_limited: 0 });
    } finally {
      await client.close();
    }
  });
});
