import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess, runCliInProcessFrom, testIo } from './test-io.js';

describe('output on a terminal', () => {
  it('logs in words to the stderr the CLI is given when it is a terminal, JSON lines when it is not', async () => {
    const terminal = testIo();
    terminal.stderr.isTTY = true;
    const onTerminal = await runCliInProcess(['check', '--emulator'], {}, terminal);
    expect(onTerminal.code, onTerminal.stderr).toBe(0);
    expect(onTerminal.stderr).toMatch(/INFO.*started the built-in emulator/);
    expect(onTerminal.stderr).not.toContain('{"level"');

    const piped = await runCliInProcess(['check', '--emulator']);
    expect(piped.stderr.split('\n')[0]).toMatch(/^\{"level":30,.*"msg":"started the built-in emulator"\}$/);
  });

  it("writes a run's step lines as log records when stderr is not a terminal, so that a log file of it is JSON lines throughout", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'job.yaml'), ['name: nightly', 'steps:', '  - export:', '      resource: businesses', '      out: out/stores.csv'].join('\n'));
    const piped = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--emulator']);
    expect(piped.code, piped.stderr).toBe(0);
    const records = piped.stderr.trimEnd().split('\n').map((line) => JSON.parse(line) as { msg: string });
    expect(records.at(-1)).toMatchObject({ level: 30, msg: 'nightly / 1. export businesses: 160 rows written to out/stores.csv' });
    // LOG_LEVEL=warn quiets the logs, not the lines a run ends with.
    const quiet = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--emulator'], testIo({ LOG_LEVEL: 'warn' }));
    expect(quiet.said).toBe('nightly / 1. export businesses: 160 rows written to out/stores.csv\n');

    const terminal = testIo();
    terminal.stderr.isTTY = true;
    const onTerminal = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--emulator'], terminal);
    expect(onTerminal.stderr).toMatch(/^nightly \/ 1\. export businesses: 160 rows written to out\/stores\.csv$/m);
  });
});
