import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/api-client.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { importSheet } from '../../../src/jobs/import/import-sheet.js';
import { JobSchema } from '../../../src/jobs/job-file/job-schema.js';
import { runJob, type ExportStepOptions } from '../../../src/jobs/job-file/run-job.js';
import { WHOLE_RUN } from '../../../src/jobs/job-file/shard.js';
import type { CsvDialectName } from '../../../src/sheets/index.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

describe('export --csv-dialect', () => {
  let api: TestEmulator;
  let client: ApiClient;
  let business: Business;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 12, feedback: 0, ratePerMinute: 100_000 });
    client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    const [first] = api.emulator.state.orgBusinesses(1);
    if (first === undefined) throw new Error('no seeded business');
    business = first;
    Object.assign(business, { lat: 43.701, long: -0.566918, description_short: '=1+1', contacts: [{ phone_numbers: ['+4722334455'] }] });
  });
  afterAll(async () => {
    await client.close();
    await api.close();
  });

  async function exportIn(dialect: CsvDialectName | undefined): Promise<{ out: string; text: string; bytes: Buffer }> {
    const out = join(await makeTempDir(), 'stores.csv');
    await exportBusinesses(client, { out, filters: {}, ...(dialect === undefined ? {} : { csvDialect: dialect }) }, logger);
    const bytes = await readFile(out);
    return { out, bytes, text: bytes.toString('utf8') };
  }

  const lineOf = (text: string): string => text.split('\r\n').find((line) => line.startsWith(business.id)) ?? '';

  it('excel (the default): commas, UTF-8 with a byte order mark, a dot before decimals; phones and longitudes as they are', async () => {
    const { text } = await exportIn(undefined);
    expect(text.startsWith('\uFEFFbusiness_id,code,')).toBe(true);
    expect(lineOf(text)).toContain(',43.701,-0.566918,');
    expect(lineOf(text)).toContain(",'=1+1,");
    expect(lineOf(text)).toContain(',+4722334455,');
  });

  it('excel-semicolon: semicolons and decimal commas, imported back without a change or a read', async () => {
    const { out, text } = await exportIn('excel-semicolon');
    expect(text.startsWith('\uFEFFbusiness_id;code;')).toBe(true);
    expect(lineOf(text)).toContain(';43,701;-0,566918;');
    expect(lineOf(text)).toContain(";'=1+1;");
    const summary = await importSheet(client, 'businesses', { file: out, reportDir: join(await makeTempDir(), 'report'), mode: 'diff', dryRun: false }, logger);
    // Each row's cells are still those its _base recorded, decimal commas included: nothing to read (but the custom field definitions), nothing to send.
    expect(summary.rows).toMatchObject({ unchanged: summary.rows.total, invalid: 0, conflict: 0 });
    expect(summary.requests).toMatchObject({ reads: 1, writes: 0 });
  });

  it('excel-semicolon: a decimal edited in the file is sent, the three-way merge reading the base with commas', async () => {
    const { out, text } = await exportIn('excel-semicolon');
    const edited = text.replace(lineOf(text), lineOf(text).replace(';43,701;', ';44,25;'));
    await writeFile(out, edited);
    const summary = await importSheet(client, 'businesses', { file: out, reportDir: join(await makeTempDir(), 'report'), mode: 'diff', dryRun: false }, logger);
    expect(summary.rows).toMatchObject({ updated: 1, conflict: 0, invalid: 0 });
    expect([business.lat, business.long]).toEqual([44.25, -0.566918]);
    business.lat = 43.701;
  });

  it('rfc4180: no byte order mark, and texts as they are, for programs', async () => {
    const { bytes, text } = await exportIn('rfc4180');
    expect(bytes[0]).toBe('b'.charCodeAt(0));
    expect(lineOf(text)).toContain(',=1+1,');
    expect(lineOf(text)).toContain(',43.701,-0.566918,');
  });

  it('is csv_dialect in a job file export step, passed on to the export; any other value is refused', async () => {
    const job = JobSchema.parse({ name: 'x', steps: [{ export: { resource: 'businesses', out: 'b.csv', csv_dialect: 'excel-semicolon' } }] });
    const seen: ExportStepOptions[] = [];
    const runners = {
      runImport: () => Promise.reject(new Error('no import step')),
      runExport: (_client: ApiClient, _resource: string, options: ExportStepOptions) => {
        seen.push(options);
        return Promise.resolve({ partial: false, summary: {} });
      },
    };
    await runJob(job, client, runners, { shard: WHOLE_RUN, dryRun: false, now: new Date() }, logger);
    expect(seen).toMatchObject([{ out: 'b.csv', csvDialect: 'excel-semicolon' }]);
    const refused = JobSchema.safeParse({ name: 'x', steps: [{ export: { resource: 'businesses', out: 'b.csv', csv_dialect: 'french' } }] });
    expect(refused.success).toBe(false);
  });
});
