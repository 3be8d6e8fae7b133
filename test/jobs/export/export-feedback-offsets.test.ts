import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { ExportSummary } from '../../../src/jobs/export/export-options.js';
import { exportResource } from '../../../src/jobs/export/export-resource.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });
const SINCE = '2025-06-03T00:00:00+02:00';

// The spec: a feedback result's `created` is ISO 8601 with an offset, which may give the hour alone (`+02`).
describe('export feedback --since against dates with an hour-only offset', () => {
  let honouring: TestEmulator;
  let ignoring: TestEmulator;
  beforeAll(async () => {
    [honouring, ignoring] = await Promise.all([
      startTestEmulator({ quirks: { 'local-offsets': true } }),
      startTestEmulator({ quirks: { 'local-offsets': true, 'ignore-filters': true } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([honouring.close(), ignoring.close()]);
  });

  async function runExport(api: TestEmulator): Promise<{ rows: () => Promise<Record<string, string>[]>; created: () => Promise<string[]>; summary: Promise<ExportSummary> }> {
    const out = join(await makeTempDir(), 'feedback.csv');
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    const summary = exportResource(client, 'feedback', { out, filters: { since: SINCE } }, logger).finally(() => client.close());
    const rows = async () => parse<Record<string, string>>(await readFile(out).catch(() => ''), { bom: true, columns: true });
    const created = async () => (await rows()).map((row) => row.created ?? '');
    return { rows, created, summary };
  }

  it('exports the results a service that honours the filter answers', async () => {
    const { created, summary } = await runExport(honouring);
    expect(await summary).toMatchObject({ failures: 0 });
    const dates = await created();
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => /\+02$/.test(date) && date >= '2025-06-03T00:00:00')).toBe(true);
  });

  it('takes the latest of several comments by their instant, though the dates give the hour of their offset alone', async () => {
    const result = honouring.emulator.state.feedbackResults.find((item) => item.created >= '2025-06-04' && item.comments.length === 1);
    const [first] = result?.comments ?? [];
    if (result === undefined || first === undefined) throw new Error('the seed has a result of 2025-06-04 with one comment');
    const later = { ...first, id: first.id + 1, created: '2025-07-01T09:30:00.000000+00:00', content: 'Follow-up: the order was refunded.' };
    result.comments.push(later);
    try {
      const { rows, summary } = await runExport(honouring);
      expect(await summary).toMatchObject({ failures: 0 });
      expect((await rows()).find((row) => row.id === String(result.id))).toMatchObject({
        'comments.count': '2',
        'comments.latest.created': '2025-07-01T11:30:00.000000+02',
        'comments.latest.content': 'Follow-up: the order was refunded.',
      });
    } finally {
      result.comments.pop();
    }
  });

  it('stops when the service ignored the filter, rather than export earlier results', async () => {
    const { created, summary } = await runExport(ignoring);
    await expect(summary).rejects.toThrow(/the service ignored the filter created__gte=2025-06-03T00:00:00\+02:00: it answered result \d+ with created "2025-06-01T\d{2}:\d{2}:\d{2}\.\d{6}\+02"/);
    expect(await created()).toEqual([]);
  });
});
