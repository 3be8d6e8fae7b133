import { describe, expect, it, vi } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { runCliInProcess, testIo } from './test-io.js';

describe('flags given without the value they take', () => {
  it.each([
    [['import', 'businesses', 'stores.csv', '--report', '--dry-run'], '--report needs a value'],
    [['import', 'businesses', 'stores.csv', '--sheet='], '--sheet needs a value'],
    [['import', 'businesses', 'stores.csv', '--org'], '--org needs a value'],
    [['import', 'businesses', 'stores.csv', '--report', '-'], "--report takes a path: - (standard input or output) stands only for the file of import <resource> - and for export's --out"],
    [['import', 'businesses', 'stores.csv', '--report=-'], "--report takes a path: - (standard input or output) stands only for the file of import <resource> - and for export's --out"],
    [['import', 'businesses', 'stores.csv', '--org', 'abc'], "--org needs a number, got 'abc'"],
    [['import', 'businesses', 'stores.csv', '--org', '2.5'], "--org needs a whole number, 1 or more, got '2.5'"],
    [['import', 'businesses', 'stores.csv', '--concurrency', '--dry-run'], '--concurrency needs a value'],
    [['import', 'businesses', 'stores.csv', '--concurrency', 'abc'], "--concurrency needs a number, got 'abc'"],
    [['import', 'businesses', 'stores.csv', '--rate-per-minute=0'], "--rate-per-minute needs a number more than 0, got '0'"],
    [['export', 'businesses', '--out', '--emulator'], '--out needs a value'],
    [['export', 'businesses', '--out', 'b.csv', '--user'], '--user needs a value'],
    [['template', 'businesses', '--out', 'b.csv', '--org-id', '0'], "--org-id needs a whole number, 1 or more, got '0'"],
    [['export', 'businesses', '--out', 'b.csv', '--org', '1', '--org', '2'], '--org is given more than once (1, 2); it takes one value (a job step with org: [1, 2] runs once per organization)'],
    [['import', 'businesses', 'stores.csv', '--concurrency', '2', '--concurrency=3'], '--concurrency is given more than once (2, 3); it takes one value'],
  ])('refuses %j before anything is done: %s', async (args, message) => {
    const result = await runCliInProcess(args);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.said).toContain(`Could not read the command line: ${message}.\nRun listing-bulk --help`);
  });

  it("says what is wrong in the CLI's words, whatever the machine's language", async () => {
    vi.stubEnv('LANG', 'fr_FR.UTF-8');
    vi.stubEnv('LC_ALL', 'fr_FR.UTF-8');
    try {
      const result = await runCliInProcess(['import', 'businesses']);
      expect([result.code, result.said.trim()]).toEqual([
        EXIT_CODES.usage,
        'Could not read the command line: 1 value is given after the command, where it takes at least 2.\nRun listing-bulk --help, or listing-bulk <command> --help, for the usage.',
      ]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('says a usage error as a JSON log record where stderr is no terminal (a cron or container log), and as text on a terminal', async () => {
    const args = ['run', 'job.yaml', '--shard', '3/2'];
    const logged = await runCliInProcess(args, { LOG_LEVEL: 'silent' });
    expect(logged.code).toBe(EXIT_CODES.usage);
    const records = logged.stderr.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(records.map(({ level, msg }) => [level, msg.split(':')[0]])).toEqual([[50, "Could not read --shard '3/2'"]]);
    const io = testIo();
    io.stderr.isTTY = true;
    const shown = await runCliInProcess(args, {}, io);
    expect([shown.code, shown.stderr]).toEqual([EXIT_CODES.usage, expect.stringMatching(/^\nCould not read --shard '3\/2'.*\n$/s)]);
  });

  it('takes flags with their values, negated booleans included', async () => {
    const result = await runCliInProcess(['export', 'feedback', '--out=feedback.csv', '--no-optin', '--nps', '9', '--concurrency', '2']);
    // Past the flags: no API is configured here.
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.stderr).toContain('LISTING_API_URL is not set');
  });
});
