import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess, testIo, type TestIo } from './test-io.js';

describe('import command', () => {
  it('refuses a malformed limit before anything is read', async () => {
    const result = await runCliInProcess(['import', 'businesses', 'stores.csv', '--max-changes', 'ten']);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain('Could not import businesses: --max-changes: must be a number of rows N or a percentage P% (30%). Correct the options.\\nRun');
  });

  it('refuses a --report that is a file, or under one, as it can be mended, exit 1', async () => {
    const dir = await makeTempDir();
    const sheet = join(dir, 'stores.csv');
    await writeFile(sheet, 'code,name\n000001,Boulangerie\n');
    for (const [resource, report] of [['businesses', sheet], ['businesses', join(sheet, 'r')], ['services', sheet]] as const) {
      const result = await runCliInProcess(['import', resource, sheet, '--emulator', '--dry-run', '--report', report]);
      expect(result.code, result.said).toBe(EXIT_CODES.failed);
      expect(result.said).toContain(`Could not use ${report}: it, or a folder of its path, is a file. Name a new or empty directory with --report (a job step: report).`);
    }
  });

  it('refuses breakers and conflict policies for imports other than businesses', async () => {
    const result = await runCliInProcess(['import', 'services', 'services.csv', '--max-status-changes', '3', '--on-conflict', 'overwrite', '--max-errors', '5%']);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain(
      'Could not import services: --max-status-changes: applies to businesses only; --on-conflict: applies to businesses and custom-field order only; --max-errors: a percentage applies to businesses only (it needs a plan of the whole file); give a number of rows. Correct the options.',
    );
    // Custom-field order exports carry `_base`: their conflicts follow the policy too.
    const order = await runCliInProcess(['import', 'custom-field-order', 'no-such-file.csv', '--on-conflict', 'overwrite']);
    expect(order.stderr).not.toContain('--on-conflict');
  });
});

describe('import with a key that may only read', () => {
  it("says in _errors what the service refused and what to do, not only the service's words", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), 'code,description_short\n000001,A new description\n');
    const result = await runCliInProcess(['import', 'businesses', join(dir, 'stores.csv'), '--report', join(dir, 'r'), '--emulator', '--emulator-role', 'PUBLISHER']);
    expect(result.code, result.stderr).toBe(EXIT_CODES.partial);
    const [row] = parse<Record<string, string>>(await readFile(join(dir, 'r', 'results.csv')), { bom: true, columns: true });
    expect(row).toMatchObject({
      _status: 'failed',
      _errors: `Could not POST /business/${row?._target ?? ''}: the key may not do this (403): Operation not allowed. Check the key's role, permissions and access to this resource.`,
      _http_status: '403',
    });
  });
});

describe('import <resource> - (the sheet piped in)', () => {
  const sheet = 'code,description_short\n000001,Piped in\n';

  function pipedIo(content: string, isTTY = false): TestIo {
    return { ...testIo(), stdin: Object.assign(Readable.from([Buffer.from(content)]), { isTTY }) };
  }

  it('imports what is piped, and resumes from its journal when the same bytes are piped again', async () => {
    const report = join(await makeTempDir(), 'r');
    const args = ['import', 'businesses', '-', '--emulator', '--report', report];
    const first = await runCliInProcess(args, {}, pipedIo(sheet));
    expect(first.code, first.stderr).toBe(EXIT_CODES.success);
    expect(first.stderr).toContain('businesses: 1 row (1 updated); 3 requests (2 reads, 1 write)');
    const again = await runCliInProcess(args, {}, pipedIo(sheet));
    expect(again.stderr).toContain('1 from an earlier run); 1 request (1 read, 0 writes)');
    const changed = await runCliInProcess(args, {}, pipedIo(`${sheet}000002,Added\n`));
    expect(changed.stderr).toContain('the source file changed since the journal was written');
  });

  it('reads a pipe given as the file (<(command) in a shell) as it reads standard input, naming it', async () => {
    const dir = await makeTempDir();
    const pipe = join(dir, 'stores.csv');
    execFileSync('mkfifo', [pipe]);
    const writing = writeFile(pipe, sheet);
    const result = await runCliInProcess(['import', 'businesses', pipe, '--emulator', '--dry-run', '--report', join(dir, 'r')]);
    // A run that did not read the pipe would leave the writer waiting for a reader: this one lets it end.
    await (await open(pipe, constants.O_RDONLY | constants.O_NONBLOCK)).close();
    await writing.catch(() => undefined);
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    expect(result.stderr).toContain('businesses: 1 row (1 would update); 2 requests (2 reads, 0 writes)');
    expect(JSON.parse(await readFile(join(dir, 'r', 'summary.json'), 'utf8'))).toMatchObject({ source: pipe });
  });

  it('reads a descriptor given as the file (/dev/stdin < stores.csv) as it reads standard input, though it names no extension', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), sheet);
    const file = await open(join(dir, 'stores.csv'));
    try {
      const descriptor = `/dev/fd/${file.fd}`;
      const result = await runCliInProcess(['import', 'businesses', descriptor, '--emulator', '--dry-run', '--report', join(dir, 'r')]);
      expect(result.code, result.stderr).toBe(EXIT_CODES.success);
      expect(result.stderr).toContain('businesses: 1 row (1 would update); 2 requests (2 reads, 0 writes)');
      expect(JSON.parse(await readFile(join(dir, 'r', 'summary.json'), 'utf8'))).toMatchObject({ source: descriptor });
    } finally {
      await file.close();
    }
  });

  it('refuses - when standard input is a terminal', async () => {
    const result = await runCliInProcess(['import', 'businesses', '-', '--emulator'], {}, pipedIo('', true));
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain('Could not import businesses: - reads the sheet piped in, and standard input is a terminal. Pipe the sheet (cat stores.csv | listing-bulk import businesses -), or give its path.');
  });
});
