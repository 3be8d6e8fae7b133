import { readFile } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { createSkippingClock } from '../api/skipping-clock.js';
import { startTestEmulator } from '../emulator/start-test-emulator.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess, testIo } from './test-io.js';

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
    expect(result.said).toMatch(/^custom-fields: \d+ rows written to .* \(1 page read\)$/m);
  });

  it('refuses a filter of another resource before any request, naming every problem', async () => {
    const result = await runCliInProcess(['export', 'feedback', '--out', 'x.csv', '--status', 'open', '--nps-max', '12']);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toMatch(/--status does not apply to feedback.*--nps-max: must be at most 10/);
  });

  it('keeps the last whole file when an export stops: a refused key replaced it with its header', async () => {
    const api = await startTestEmulator({ businesses: 20, feedback: 40, ratePerMinute: 100_000 });
    try {
      const out = join(await makeTempDir(), 'feedback.csv');
      const env = { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN };
      expect((await runCliInProcess(['export', 'feedback', '--out', out, '--rate-per-minute', '100000'], env)).code).toBe(EXIT_CODES.success);
      const whole = await readFile(out, 'utf8');
      const refused = await runCliInProcess(['export', 'feedback', '--out', out, '--rate-per-minute', '100000'], { ...env, LISTING_API_KEY: 'lbk_revoked' });
      expect(refused.code).toBe(EXIT_CODES.failed);
      expect(await readFile(out, 'utf8')).toBe(whole);
      expect(refused.said).toContain(`export stopped: nothing was written to ${out}`);
      expect(refused.said).not.toContain('export finished');
    } finally {
      await api.close();
    }
  });

  it('does not say a rerun helps when the service refused what was asked (a PROVIDER key without --org)', async () => {
    const out = join(await makeTempDir(), 'custom-fields.csv');
    const result = await runCliInProcess(['export', 'custom-fields', '--emulator', '--emulator-role', 'PROVIDER', '--out', out, '--rate-per-minute', '100000']);
    expect(result.code).toBe(EXIT_CODES.partial);
    expect(result.stderr).toContain('export incomplete: the service refused or did not find what was asked (see each failure): running it again gets the same answer until that is corrected');
    expect(result.stderr).not.toContain('run the same command again');
  });

  it('does not say a rerun helps when the service knows no such user', async () => {
    const out = join(await makeTempDir(), 'businesses.csv');
    const result = await runCliInProcess(['export', 'businesses', '--emulator', '--user', 'usr_typo', '--out', out, '--rate-per-minute', '100000']);
    expect(result.code).toBe(EXIT_CODES.partial);
    expect(await readFile(`${out}.errors.csv`, 'utf8')).toContain('GET /user/usr_typo/businesses page 1,404,');
    expect(result.stderr).toContain('running it again gets the same answer until that is corrected');
    expect(result.stderr).not.toContain('run the same command again');
  });

  it('names the organization when the service does not know the one --org asks for', async () => {
    const out = join(await makeTempDir(), 'businesses.csv');
    const result = await runCliInProcess(['export', 'businesses', '--emulator', '--emulator-role', 'PROVIDER', '--org', '99', '--out', out, '--rate-per-minute', '100000']);
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.stderr).toContain('Could not GET /custom_fields: not found (404): Resource not found. Check organization 99 (--org, or the org of a job step): it does not exist, or the key does not reach it.');
  });

  it('says a stopped export wrote nothing to its file, which it leaves as it was', async () => {
    const out = join(await makeTempDir(), 'businesses.csv');
    const io = testIo();
    const write = io.stderr.write.bind(io.stderr);
    io.stderr.write = (text: string) => {
      if (text.includes('read the custom field definitions')) setImmediate(() => io.signals.emit('SIGTERM'));
      return write(text);
    };
    const result = await runCliInProcess(['export', 'businesses', '--emulator', '--out', out, '--rate-per-minute', '60'], {}, io);
    expect(result.code, result.stderr).toBe(EXIT_CODES.terminated);
    expect(result.said).toMatch(new RegExp(`businesses: \\d+ rows? read, not written to ${out} \\(`));
    await expect(readFile(out)).rejects.toThrow(/ENOENT/);
  });

  it('exits 2 when a page keeps failing, writes the others, and keeps the pages read for its owner only, as a report', async () => {
    const api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
    // A 404 is not retried, which keeps the test quick; a 5xx fails the same way after its retries.
    api.emulator.faults.script = (_n, req) => (req.query.get('page') === '2' ? { status: 404 } : undefined);
    try {
      const out = join(await makeTempDir(), 'businesses.csv');
      const result = await runCliInProcess(['export', 'businesses', '--out', out, '--rate-per-minute', '100000'], { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN });
      expect(result.code, result.stderr).toBe(EXIT_CODES.partial);
      expect(result.said).toContain(`businesses: 150 rows written to ${out} (2 pages read); 1 failed, see ${out}.errors.csv\n`);
      const parts = `${out}.parts`;
      expect(statSync(parts).mode & 0o777).toBe(0o700);
      const saved = readdirSync(parts);
      expect(saved).toHaveLength(3);
      for (const name of saved) expect(statSync(join(parts, name)).mode & 0o777, name).toBe(0o600);
    } finally {
      await api.close();
    }
  });
});

describe('export --out - (standard output)', () => {
  it('writes feedback, which it writes from its saved pages once every page is read', async () => {
    const result = await runCliInProcess(['export', 'feedback', '--emulator', '--out', '-', '--rate-per-minute', '100000']);
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    const rows = parse<Record<string, string>>(result.stdout, { columns: true });
    expect(rows.length).toBeGreaterThan(30);
    expect(result.said).toContain(`feedback: ${rows.length} rows written to standard output`);
  });

  it('writes the rows as CSV for programs (no byte order mark) once the export is done, and the summary to stderr', async () => {
    const result = await runCliInProcess(['export', 'businesses', '--emulator', '--out', '-', '--rate-per-minute', '100000']);
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    expect(result.stdout.startsWith('business_id,code,name,')).toBe(true);
    const rows = parse<Record<string, string>>(result.stdout, { columns: true });
    expect(rows).toHaveLength(160);
    expect(rows[0]?.business_id).toMatch(/^[0-9a-f]{24}$/);
    expect(result.said).toContain('businesses: 160 rows written to standard output (2 pages read)\n');
  });

  it('keeps its pages in the temporary folder of the file it writes first, which none could resume, a page failing or not', async () => {
    const before = process.env.TMPDIR;
    const dir = await makeTempDir();
    process.env.TMPDIR = dir;
    const api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
    api.emulator.faults.script = (_n, req) => (req.query.get('page') === '2' ? { status: 404 } : undefined);
    const io = testIo({ LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN });
    let files: string[] | undefined;
    const write = io.stdout.write.bind(io.stdout);
    io.stdout.write = (text: string) => {
      files ??= readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => basename(name));
      return write(text);
    };
    try {
      const result = await runCliInProcess(['export', 'businesses', '--out', '-', '--rate-per-minute', '100000'], {}, io);
      expect(result.code, result.stderr).toBe(EXIT_CODES.partial);
      expect(files?.filter((name) => !name.startsWith('listing-bulk-export-') && name !== 'export.csv.parts' && !name.endsWith('.json'))).toEqual(['export.csv']);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await api.close();
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });

  it('takes the dialect asked, --out=- too', async () => {
    const result = await runCliInProcess(['export', 'feedback', '--emulator', '--out=-', '--csv-dialect', 'excel-semicolon', '--rate-per-minute', '100000']);
    expect(result.code, result.stderr).toBe(EXIT_CODES.success);
    expect(result.stdout.startsWith('\uFEFFid;business_id;')).toBe(true);
  });

  it('logs each page that kept failing, writes the others, and exits 2', async () => {
    const api = await startTestEmulator({ businesses: 312, feedback: 0, ratePerMinute: 100_000 });
    api.emulator.faults.script = (_n, req) => (req.query.get('page') === '2' ? { status: 500 } : undefined);
    try {
      const env = { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN };
      // The page is retried through two minutes of outage, skipped on this clock.
      const result = await runCliInProcess(['export', 'businesses', '--out', '-', '--rate-per-minute', '100000'], env, { ...testIo(env), clock: createSkippingClock() });
      expect(result.code, result.stderr).toBe(EXIT_CODES.partial);
      expect(parse(result.stdout, { columns: true })).toHaveLength(150);
      expect(result.stderr).toMatch(/"requested":"GET \/business\/search page 2","status":500/);
      expect(result.said).toContain('businesses: 150 rows written to standard output (2 pages read); 1 failed, see the log above\n');
      expect(result.stderr).toContain('run it again to export what is missing');
    } finally {
      await api.close();
    }
  });

  it('writes nothing when stopped before the export is done', async () => {
    const io = testIo();
    const write = io.stderr.write.bind(io.stderr);
    io.stderr.write = (text: string) => {
      if (text.includes('read the custom field definitions')) setImmediate(() => io.signals.emit('SIGTERM'));
      return write(text);
    };
    const result = await runCliInProcess(['export', 'businesses', '--emulator', '--out', '-', '--rate-per-minute', '60'], {}, io);
    expect(result.code, result.stderr).toBe(EXIT_CODES.terminated);
    expect(result.stdout).toBe('');
    expect(result.said).toContain('businesses: 0 rows read, not written to standard output');
  });

  it('names TMPDIR when the temporary directory cannot take the export', async () => {
    const before = process.env.TMPDIR;
    const missing = join(await makeTempDir(), 'missing');
    process.env.TMPDIR = missing;
    try {
      const result = await runCliInProcess(['export', 'businesses', '--emulator', '--out', '-']);
      expect(result.code).toBe(EXIT_CODES.failed);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`Could not write standard output: the export is written to a temporary file in ${missing} (TMPDIR) first, and that directory cannot take it (ENOENT`);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });

  it('refuses --json, whose summary would mix with the rows, and a template to standard output', async () => {
    const json = await runCliInProcess(['export', 'businesses', '--out', '-', '--json']);
    expect(json.code).toBe(EXIT_CODES.usage);
    expect(json.stderr).toContain('Could not export: --json writes the summary to standard output, which --out - fills with the rows.');
    const template = await runCliInProcess(['template', 'businesses', '--out', '-']);
    expect(template.code).toBe(EXIT_CODES.usage);
    expect(template.stderr).toContain('Could not write the template: --out - (standard output) is for exports');
  });
});
