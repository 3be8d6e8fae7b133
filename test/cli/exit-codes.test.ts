import { copyFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess, runCliInProcessFrom, testIo } from './test-io.js';

const SAMPLE = resolve('samples/businesses.xlsx');

/** A business sheet long enough that a signal arrives while it is being sent, at the rate the CLI is given. */
function slowSheet(rows: number): string {
  return ['code,description_short', ...Array.from({ length: rows }, (_, index) => `${String(index + 1).padStart(6, '0')},Signal test ${index}`)].join('\n');
}

describe('exit codes of the CLI, as the README documents them', { timeout: 60_000 }, () => {
  const cases: { name: string; args: (dir: string) => string[]; code: number; says?: RegExp }[] = [
    { name: 'success', args: () => ['check', '--emulator'], code: EXIT_CODES.success },
    { name: 'a file that does not exist', args: (dir) => ['import', 'businesses', join(dir, 'missing.csv'), '--emulator', '--report', join(dir, 'r')], code: EXIT_CODES.failed, says: /Could not read .*missing\.csv: the file does not exist/ },
    { name: 'no API configured', args: () => ['check'], code: EXIT_CODES.failed, says: /LISTING_API_URL is not set/ },
    { name: 'rows that failed', args: (dir) => ['import', 'businesses', SAMPLE, '--emulator', '--report', join(dir, 'r')], code: EXIT_CODES.partial },
    {
      name: 'a breaker of the import command',
      args: (dir) => ['import', 'businesses', SAMPLE, '--emulator', '--max-errors', '0', '--report', join(dir, 'r')],
      code: EXIT_CODES.breaker,
      // The file that lists the rows behind the breaker: the plan's errors, not the plan.
      says: /Nothing was written: review \S+[\\/]r[\\/]plan[\\/]errors\.xlsx, then correct the file/,
    },
    { name: 'an unknown command', args: () => ['importt'], code: EXIT_CODES.usage, says: /Could not read the command line: no command is named importt; did you mean import\?/ },
    { name: 'standard input as the file to import where none can be read', args: () => ['import', 'businesses', '-'], code: EXIT_CODES.usage, says: /no file given, and standard input \(-\) cannot be read here/ },
    { name: 'a shard out of range', args: () => ['run', 'jobs/demo.yaml', '--shard', '5/2'], code: EXIT_CODES.usage, says: /Could not read --shard '5\/2': it must be K\/N/ },
  ];

  it.each(cases)('$name: exit $code', async ({ args, code, says }) => {
    const dir = await makeTempDir();
    const result = await runCliInProcess(args(dir));
    expect(result.code, result.stderr).toBe(code);
    if (says !== undefined) expect(result.stderr).toMatch(says);
    // A user error says what to do; only a bug gets a stack.
    expect(result.stderr).not.toMatch(/\n\s+at .*\.ts:\d+/);
  });

  it('a LOG_LEVEL that names no level: exit 1, saying which levels there are', async () => {
    const result = await runCliInProcess(['check', '--emulator'], { LOG_LEVEL: 'verbose' });
    expect(result.code).toBe(EXIT_CODES.failed);
    // A JSON record, as every line of a container's or cron's log.
    expect(result.stderr.trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ level: 50, msg: "Could not use LOG_LEVEL 'verbose': it names no log level. Set it to trace, debug, info, warn, error, fatal or silent, or unset it for info." }),
    ]);
    // Set empty, it is as unset; a level reads in any case.
    for (const level of ['', 'WARN']) expect((await runCliInProcess(['check', '--emulator'], { LOG_LEVEL: level })).code).toBe(EXIT_CODES.success);
  });

  it('a breaker in a job file run from its folder: exit 3', async () => {
    const dir = await makeTempDir();
    await copyFile(SAMPLE, join(dir, 'stores.xlsx'));
    await writeFile(join(dir, 'job.yaml'), 'name: guarded\nsteps:\n  - import: {resource: businesses, source: stores.xlsx, report: r, max_errors: 0}\n');
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--emulator']);
    expect(result.code, result.stderr).toBe(EXIT_CODES.breaker);
  });

  it('SIGINT during an import: exit 130, and how to resume', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), slowSheet(400));
    const io = testIo({ LOG_LEVEL: 'debug' });
    const write = io.stderr.write.bind(io.stderr);
    io.stderr.write = (text: string) => {
      if (text.includes('read the custom field definitions')) setImmediate(() => io.signals.emit('SIGINT'));
      return write(text);
    };
    const result = await runCliInProcess(['import', 'businesses', join(dir, 'stores.csv'), '--emulator', '--rate-per-minute', '600', '--report', join(dir, 'r')], {}, io);
    expect(result.code, result.stderr).toBe(EXIT_CODES.interrupted);
    expect(result.stderr).toMatch(/run the same command again to resume; --restart to start over/);
  });

  it('SIGINT during a job: exit 130, and how each kind of step starts over', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'job.yaml'), 'name: nightly\napi: {rate_per_minute: 60}\nsteps:\n  - export: {resource: businesses, out: stores.csv}\n');
    const io = testIo({ LOG_LEVEL: 'debug' });
    const write = io.stderr.write.bind(io.stderr);
    io.stderr.write = (text: string) => {
      if (text.includes('read the custom field definitions')) setImmediate(() => io.signals.emit('SIGINT'));
      return write(text);
    };
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml', '--emulator'], io);
    expect(result.code, result.stderr).toBe(EXIT_CODES.interrupted);
    expect(result.stderr).toContain('run the same command again to resume; --restart starts its import steps over, and an export step starts over once its <out>.parts folder is deleted');
  });
});
