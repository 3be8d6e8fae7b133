import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { createApiClient } from '../../src/api/api-client.js';
import type { Role } from '../../src/api/service-facts.js';
import type { ImportOptions, ImportSummary } from '../../src/jobs/import-options.js';
import { importSheet, type ImportResource } from '../../src/jobs/import-sheet.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';

const logger = pino({ level: 'silent' });

export interface ImportOutcome {
  summary: ImportSummary;
  /** results.csv as records: the input's columns, then `_row`, `_status`… */
  results: Record<string, string>[];
  /** errors.csv as text, ready to import again. */
  errorsCsv: string;
}

export interface ImportHarness {
  api: TestEmulator;
  /** `METHOD path?query` of every write the last import sent, refused ones included. */
  writes: string[];
  runImport(resource: ImportResource, csv: string, options?: Partial<ImportOptions>, role?: Role): Promise<ImportOutcome>;
  close(): Promise<void>;
}

/** An emulator over real HTTP and a temporary directory for sheets and reports, as the import tests need. */
export async function startImportHarness(): Promise<ImportHarness> {
  const api = await startTestEmulator({ ratePerMinute: 100_000 });
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-import-'));
  const writes: string[] = [];
  api.emulator.faults.script = (_n, req) => {
    if (req.method === 'POST') writes.push(`POST ${req.path}${req.query.size === 0 ? '' : `?${req.query.toString()}`}`);
    return undefined;
  };
  let runs = 0;
  return {
    api,
    writes,
    async runImport(resource, csv, options = {}, role = 'ORG_ADMIN') {
      runs++;
      const file = join(dir, `input-${runs}.csv`);
      await writeFile(file, csv);
      const reportDir = join(dir, `report-${runs}`);
      const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys[role], ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
      writes.length = 0;
      try {
        const summary = await importSheet(client, resource, { file, reportDir, mode: 'diff', dryRun: false, ...options }, logger);
        const results = parse<Record<string, string>>(await readFile(join(reportDir, 'results.csv'), 'utf8'), { bom: true, columns: true });
        const errorsCsv = (await readFile(join(reportDir, 'errors.csv'), 'utf8')).replace(/^\uFEFF/, '');
        return { summary, results, errorsCsv };
      } finally {
        await client.close();
      }
    },
    async close() {
      await api.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
