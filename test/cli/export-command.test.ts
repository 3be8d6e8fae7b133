import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { startTestEmulator } from '../emulator/start-test-emulator.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess } from './test-io.js';

describe('export command', () => {
  it('exports with --emulator and prints the summary as JSON', async () => {
    const out = join(await makeTempDir(), 'feedback.csv');
    const result = await runCliInProcess(['export', 'feedback', '--emulator', '--out', out, '--state', 'treated', '--nps', '9,10', '--json', '--rate-per-minute', '100000']);
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    expect(JSON.parse(result.stdout)).toMatchObject({ resource: 'feedback', out, failures: 0, errors_file: null });
    expect(await readFile(out, 'utf8')).toContain('treated');
  });

  it('takes custom-field-order for custom-fields: the name of the import that reads the file', async () => {
    const out = join(await makeTempDir(), 'order.csv');
    const result = await runCliInProcess(['export', 'custom-field-order', '--emulator', '--out', out, '--rate-per-minute', '100000']);
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    expect(result.stderr).toMatch(/^custom-fields: \d+ rows written to .* \(1 page read\)$/m);
  });

  it('refuses a filter of another resource before any request, naming every problem', async () => {
    const result = await runCliInProcess(['export', 'feedback', '--out', 'x.csv', '--status', 'open', '--nps-max', '12']);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toMatch(/--status does not apply to feedback.*--nps-max: must be at most 10/);
  });

  it('exits 2 when a page keeps failing, and writes the others', async () => {
    const api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
    // A 404 is not retried, which keeps the test quick; a 5xx fails the same way after its retries.
    api.emulator.faults.script = (_n, req) => (req.query.get('page') === '2' ? { status: 404 } : undefined);
    try {
      const out = join(await makeTempDir(), 'businesses.csv');
      const result = await runCliInProcess(['export', 'businesses', '--out', out, '--rate-per-minute', '100000'], { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN });
      expect(result.code, result.stderr).toBe(EXIT_CODES.partial);
      expect(result.stderr).toContain(`businesses: 150 rows written to ${out} (2 pages read); 1 failed, see ${out}.errors.csv\n`);
    } finally {
      await api.close();
    }
  });
});
