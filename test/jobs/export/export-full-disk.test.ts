import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { SheetError } from '../../../src/sheets/index.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { disk } from '../../sheets/full-disk.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

vi.mock('node:fs', async (importOriginal) => (await import('../../sheets/full-disk.js')).withFullDisk(await importOriginal()));
vi.mock('node:fs/promises', async (importOriginal) => (await import('../../sheets/full-disk.js')).withFullDiskPromises(await importOriginal()));

const logger = pino({ level: 'silent' });

describe('an export to a disk that fills', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
  });
  afterEach(() => {
    disk.free = Infinity;
  });
  afterAll(() => api.close());

  // The pages saved for a rerun fill the disk first: the export still stops at its own file, and removes it.
  it.each(['csv', 'xlsx'])('%s: stops with "the disk is full", leaves no file at the output path, and the same command then finishes', async (format) => {
    const dir = await makeTempDir();
    const out = join(dir, `businesses.${format}`);
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    const options = { out, filters: { user: [api.emulator.users.ORG_ADMIN] } };
    try {
      disk.free = 5_000;
      const exported = exportBusinesses(client, options, logger);
      await expect(exported).rejects.toThrow(SheetError);
      await expect(exported).rejects.toThrow(`Could not write ${out}: the disk is full. Free space, then run the same command again to resume.`);
      expect(await readdir(dir)).toEqual([`businesses.${format}.parts`]);

      disk.free = Infinity;
      expect(await exportBusinesses(client, options, logger)).toMatchObject({ rows: 250, failures: 0 });
      expect(await readdir(dir)).toEqual([`businesses.${format}`]);
    } finally {
      await client.close();
    }
  });
});
