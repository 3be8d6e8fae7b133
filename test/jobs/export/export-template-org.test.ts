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

// The spec documents no org_id on GET /messaging/templates: a service may answer the templates of another organization.
describe("export message-templates checks each template's organization", () => {
  let plain: TestEmulator;
  let ignoring: TestEmulator;
  beforeAll(async () => {
    [plain, ignoring] = await Promise.all([startTestEmulator(), startTestEmulator({ quirks: { 'ignore-filters': true } })]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), ignoring.close()]);
  });

  async function runExport(api: TestEmulator): Promise<{ ids: () => Promise<(string | undefined)[]>; summary: Promise<ExportSummary> }> {
    const out = join(await makeTempDir(), 'templates.csv');
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, ratePerMinute: 100_000 });
    const summary = exportResource(client, 'message-templates', { out, filters: {}, orgId: 2 }, logger).finally(() => client.close());
    // A stopped export leaves no file: no rows.
    const ids = async () => parse<Record<string, string>>(await readFile(out).catch(() => ''), { bom: true, columns: true }).map((row) => row.id);
    return { ids, summary };
  }

  it('exports the templates of the organization asked', async () => {
    const { ids, summary } = await runExport(plain);
    const wanted = plain.emulator.state.messageTemplates.filter((template) => template.org_id === 2).map((template) => template.id);
    expect(await summary).toMatchObject({ rows: wanted.length, failures: 0 });
    expect(await ids()).toEqual(wanted);
  });

  it("stops when the service ignored org_id, rather than export another organization's templates", async () => {
    const { ids, summary } = await runExport(ignoring);
    const other = ignoring.emulator.state.messageTemplates.find((template) => template.org_id === 1)?.id ?? '';
    await expect(summary).rejects.toThrow(`Could not GET /messaging/templates: the service ignored the filter org_id=2: it answered template ${other} with org_id 1. `);
    expect(await ids()).toEqual([]);
  });
});
