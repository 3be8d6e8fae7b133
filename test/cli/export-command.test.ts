import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { exportCommand } from '../../src/cli/export-command.js';
import { startTestEmulator } from '../emulator/start-test-emulator.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCommandLine } from './run-command-line.js';

function runCli(args: string[]) {
  return runCommandLine(exportCommand, args);
}

describe('export command', () => {
  it('exports with --emulator and prints the summary as JSON', async () => {
    const out = join(await makeTempDir(), 'feedback.csv');
    const stdout = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    try {
      const { parse, exits } = runCli(['export', 'feedback', '--emulator', '--out', out, '--state', 'treated', '--nps', '9,10', '--json', '--rate-per-minute', '100000']);
      await parse;
      expect(exits).toEqual([]);
      const [[printed]] = stdout.mock.calls as [[string]];
      expect(JSON.parse(printed)).toMatchObject({ resource: 'feedback', out, failures: 0, errors_file: null });
      expect(await readFile(out, 'utf8')).toContain('treated');
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  });

  it('takes custom-field-order for custom-fields: the name of the import that reads the file', async () => {
    const out = join(await makeTempDir(), 'order.csv');
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    try {
      const { parse, exits } = runCli(['export', 'custom-field-order', '--emulator', '--out', out, '--rate-per-minute', '100000']);
      await parse;
      expect(exits).toEqual([]);
      expect(stderr.mock.calls.join('')).toMatch(/^custom-fields: \d+ rows written to .* \(1 page read\)$/m);
    } finally {
      stderr.mockRestore();
    }
  });

  it('refuses a filter of another resource before any request, naming every problem', async () => {
    const { parse } = runCli(['export', 'feedback', '--out', 'x.csv', '--status', 'open', '--nps-max', '12']);
    await expect(parse).rejects.toThrow(/--status does not apply to feedback.*--nps-max: Too big/);
  });

  it('asks for exit code 2 when a page keeps failing, and writes the others', async () => {
    const api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
    // A 404 is not retried, which keeps the test quick; a 5xx fails the same way after its retries.
    api.emulator.faults.script = (_n, req) => (req.query.get('page') === '2' ? { status: 404 } : undefined);
    vi.stubEnv('LISTING_API_URL', api.url);
    vi.stubEnv('LISTING_API_KEY', api.emulator.keys.ORG_ADMIN);
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    try {
      const out = join(await makeTempDir(), 'businesses.csv');
      const { parse, exits } = runCli(['export', 'businesses', '--out', out, '--rate-per-minute', '100000']);
      await parse;
      expect(exits).toEqual([EXIT_CODES.partial]);
      expect(stderr).toHaveBeenCalledWith(`businesses: 150 rows written to ${out} (2 pages read); 1 failed, see ${out}.errors.csv\n`);
    } finally {
      stderr.mockRestore();
      vi.unstubAllEnvs();
      await api.close();
    }
  });
});
