import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { createApiClient, type ApiClientOptions } from '../../../src/api/api-client.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import type { ImportOptions, ImportSummary } from '../../../src/jobs/import/import-options.js';
import { REPORT_COLUMNS } from '../../../src/jobs/import/report/report-columns.js';
import { importSheet, type ImportResource } from '../../../src/jobs/import/import-sheet.js';
import { openSheetReader } from '../../../src/sheets/index.js';
import { startTestEmulator, type TestEmulator, type TestEmulatorOptions } from '../../emulator/start-test-emulator.js';

const logger = pino({ level: 'silent' });

export interface ImportOutcome {
  summary: ImportSummary;
  /** results.csv as records: the input's columns, then `_row`, `_status`… */
  results: Record<string, string>[];
  /** errors.csv as text, ready to import again ('' after an XLSX import, whose report is XLSX). */
  errorsCsv: string;
}

export interface ImportHarness {
  api: TestEmulator;
  /** A temporary folder, removed on close: for report directories that several runs share. */
  dir: string;
  /** `METHOD path?query` of every write the last import sent, refused ones included. */
  writes: string[];
  /** The client stops with `options.signal`; `client` overrides its settings (retries, clock, timeouts). */
  runImport(resource: ImportResource, csv: string, options?: Partial<ImportOptions>, role?: Role, client?: Partial<ApiClientOptions>): Promise<ImportOutcome>;
  /** Imports a file as it is, CSV or XLSX, with an ORG_ADMIN key unless `role` names another; `log` sees what the import logs. */
  importFile(resource: ImportResource, file: string, options?: Partial<ImportOptions>, log?: Logger, role?: Role): Promise<ImportOutcome>;
  close(): Promise<void>;
}

/** results.csv (or results.xlsx) of a report directory as records, read as an import reads it (the input's dialect, which the report keeps). */
export async function readResults(reportDir: string): Promise<Record<string, string>[]> {
  const csv = join(reportDir, 'results.csv');
  const records: Record<string, string>[] = [];
  // In a workbook the rows are in the sheet named after the resource; the Summary sheet comes first.
  const { resource } = JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as { resource: string };
  for await (const item of await openSheetReader(existsSync(csv) ? csv : join(reportDir, 'results.xlsx'), { metaColumns: REPORT_COLUMNS, resource })) {
    if (item.kind === 'row') records.push(Object.fromEntries(Object.entries(item.values).map(([column, value]) => [column, String(value)])));
  }
  return records;
}

/** An emulator over real HTTP (no rate limit to speak of, unless `emulator` sets one) and a temporary directory for sheets and reports, as the import tests need. */
export async function startImportHarness(emulator: TestEmulatorOptions = {}): Promise<ImportHarness> {
  const api = await startTestEmulator({ ratePerMinute: 100_000, ...emulator });
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-import-'));
  const writes: string[] = [];
  api.emulator.faults.script = (_n, req) => {
    if (req.method === 'POST') writes.push(`POST ${req.path}${req.query.size === 0 ? '' : `?${req.query.toString()}`}`);
    return undefined;
  };
  let runs = 0;
  async function importFile(
    resource: ImportResource,
    file: string,
    options: Partial<ImportOptions> = {},
    role: Role = 'ORG_ADMIN',
    clientOptions: Partial<ApiClientOptions> = {},
    log: Logger = logger,
  ): Promise<ImportOutcome> {
    const reportDir = options.reportDir ?? join(dir, `report-${runs}`);
    const client = createApiClient({
      baseUrl: api.url,
      apiKey: api.emulator.keys[role],
      ratePerMinute: 100_000,
      retry: { baseDelayMs: 1 },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...clientOptions,
    });
    writes.length = 0;
    try {
      const summary = await importSheet(client, resource, { mode: 'diff', dryRun: false, ...options, file, reportDir }, log);
      const results = await readResults(reportDir);
      const errorsFile = join(reportDir, 'errors.csv');
      const errorsCsv = existsSync(errorsFile) ? (await readFile(errorsFile, 'utf8')).replace(/^\uFEFF/, '') : '';
      return { summary, results, errorsCsv };
    } finally {
      await client.close();
    }
  }
  return {
    api,
    dir,
    writes,
    async runImport(resource, csv, options = {}, role = 'ORG_ADMIN', clientOptions = {}) {
      runs++;
      const file = join(dir, `input-${runs}.csv`);
      await writeFile(file, csv);
      return importFile(resource, file, options, role, clientOptions);
    },
    importFile(resource, file, options, log, role = 'ORG_ADMIN') {
      runs++;
      return importFile(resource, file, options, role, {}, log);
    },
    async close() {
      await api.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
