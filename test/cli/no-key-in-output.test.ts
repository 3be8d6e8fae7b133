import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess, testIo } from './test-io.js';
import { createLogger } from '../../src/cli/create-logger.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';

/** Every file under `dir`, depth first. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('the API key in outputs', () => {
  let api: TestEmulator;
  let key: string;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 200, ratePerMinute: 100_000 });
    key = api.emulator.keys.ORG_ADMIN;
  });
  afterAll(async () => {
    await api.close();
  });

  it('appears in no output, log or report of a full import and export, failures and debug logs included', async () => {
    const secrets = await makeTempDir();
    const keyFile = join(secrets, 'api-key');
    await writeFile(keyFile, `${key}\n`);
    await chmod(keyFile, 0o600);

    const work = await makeTempDir();
    const [renamed, clashing, taken] = api.emulator.state.orgBusinesses(1);
    const foreign = api.emulator.state.orgBusinesses(2)[0];
    const sheet = join(work, 'businesses.csv');
    // One row updated, one refused by the service (a store code another business has), one for a business the key cannot reach.
    await writeFile(sheet, ['business_id,code,name', `${renamed?.id ?? ''},,Renamed`, `${clashing?.id ?? ''},${taken?.code ?? ''},`, `${foreign?.id ?? ''},,Elsewhere`].join('\n'));
    // Page 2 of the export fails: a 404 is not retried, which keeps the test quick.
    api.emulator.faults.script = (_n, req) => (req.path === '/business/search' && req.query.get('page') === '2' ? { status: 404 } : undefined);

    const logs: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => logs.push(line) });
    logger.debug({ headers: { 'x-APIKey': key }, settings: { apiKey: key }, api_key: key }, 'a record carrying the key where it could be');
    const io = testIo({ LISTING_API_URL: api.url, LISTING_API_KEY_FILE: keyFile, LOG_LEVEL: 'debug' });
    const printed: string[] = [];
    try {
      for (const args of [
        // A code change goes to the service only when allowed: its refusal is the failure logged here.
        ['import', 'businesses', sheet, '--allow-code-changes', '--report', join(work, 'report'), '--json', '--rate-per-minute', '100000'],
        ['export', 'businesses', '--out', join(work, 'export.csv'), '--json', '--rate-per-minute', '100000'],
      ]) {
        const result = await runCliInProcess(args, {}, io);
        printed.push(result.stdout);
      }
    } finally {
      api.emulator.faults.script = undefined;
    }
    logs.push(io.stderr.text());

    const files = await listFiles(work);
    expect(files.map((file) => file.slice(work.length + 1)).sort()).toEqual(
      expect.arrayContaining(['export.csv', 'export.csv.errors.csv', 'report/errors.csv', 'report/journal.jsonl', 'report/results.csv', 'report/summary.json']),
    );
    const results = await readFile(join(work, 'report', 'results.csv'), 'utf8');
    expect(results).toContain('updated');
    expect(results).toContain(',failed,');
    expect(logs.some((line) => line.includes('"msg":"row failed"'))).toBe(true);
    expect(logs.some((line) => line.includes('"msg":"request failed"'))).toBe(true);
    expect(logs[0]).toContain('[redacted]');

    const outputs = [...printed, ...logs, ...(await Promise.all(files.map((file) => readFile(file, 'latin1'))))];
    expect(outputs.filter((text) => text.includes(key))).toEqual([]);
  });
});
