import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess, runCliInProcessFrom, testIo, type TestIo } from './test-io.js';

const ERROR_RECORD = /"level":50/;

function sheet(rows: number): string {
  return ['code,description_short', ...Array.from({ length: rows }, (_, index) => `${String(index + 1).padStart(6, '0')},Stop test ${index}`), ''].join('\n');
}

/** The test's io, sending SIGTERM once stderr shows `line`. */
function stopOn(line: string, io: TestIo): TestIo {
  const write = io.stderr.write.bind(io.stderr);
  io.stderr.write = (text: string) => {
    if (text.includes(line)) setImmediate(() => io.signals.emit('SIGTERM'));
    return write(text);
  };
  return io;
}

describe('a stop before the first write is a stop, and ends at once', { timeout: 20_000 }, () => {
  let api: TestEmulator;
  let requests: string[] = [];
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 50, ratePerMinute: 100_000, transport: 'http' });
  });
  afterAll(() => api.close());

  async function jobIn(breakers: boolean): Promise<{ dir: string; io: TestIo }> {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), sheet(300));
    const limits = breakers ? '      max_changes: 100%\n' : '';
    await writeFile(join(dir, 'job.yaml'), `name: big\napi:\n  rate_per_minute: 6000\nsteps:\n  - name: big import\n    import:\n      resource: businesses\n      source: stores.csv\n      report: r\n${limits}`);
    requests = [];
    api.emulator.faults.script = (_n, req) => {
      requests.push(`${req.method} ${req.path}`);
      return undefined;
    };
    return { dir, io: testIo({ LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN }) };
  }

  it('run: a step stopped while its sheet is read is stopped, nothing sent and no report claimed', async () => {
    const { dir, io } = await jobIn(false);
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml'], stopOn('step started', io));
    expect(result.code, result.stderr).toBe(EXIT_CODES.terminated);
    expect(result.said).toContain('big / big import: stopped — the import of stores.csv stopped before any write: nothing was sent, and no report was written in r. Run the same command again to import it.\n');
    expect(result.stderr).not.toMatch(ERROR_RECORD);
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    expect(existsSync(join(dir, 'r'))).toBe(false);
  });

  it('run with breakers: a stop while planning ends the plan there, runs nothing after it and keeps no partial plan', async () => {
    const { dir, io } = await jobIn(true);
    api.emulator.faults.script = (_n, req) => {
      requests.push(`${req.method} ${req.path}`);
      if (req.path === '/business/search') setImmediate(() => io.signals.emit('SIGTERM'));
      return undefined;
    };
    const result = await runCliInProcessFrom(dir, ['run', 'job.yaml'], io);
    expect(result.code, result.stderr).toBe(EXIT_CODES.terminated);
    expect(result.said).toContain('big / big import: stopped — the import of stores.csv stopped while planning, before any write: nothing was sent, and the plan of the rows read so far was not kept. Run the same command again to import it.\n');
    expect(result.stderr).not.toMatch(ERROR_RECORD);
    // The definitions, and the first batch's read, which the stop dropped: no batch after it, no run after the plan.
    expect(requests).toEqual(['GET /custom_fields', 'GET /business/search']);
    expect(existsSync(join(dir, 'r')) ? await readdir(join(dir, 'r')) : []).toEqual([]);
  });

  it('import: a server that never answers, then SIGTERM: the request is dropped at once, exit 143, nothing written', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'stores.csv'), sheet(10));
    const io = testIo();
    let received = 0;
    let dropped = false;
    const server: Server = createServer((req) => {
      received++;
      req.socket.on('close', () => (dropped = true));
      io.signals.emit('SIGTERM');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
      io.env = { ...io.env, LISTING_API_URL: url, LISTING_API_KEY: 'lbk_never_answered' };
      const report = join(dir, 'r');
      const result = await runCliInProcess(['import', 'businesses', join(dir, 'stores.csv'), '--report', report], {}, io);
      expect(result.code, result.stderr).toBe(EXIT_CODES.terminated);
      expect(result.stderr).toContain(`nothing was sent, and no report was written in ${report}. Run the same command again to import it.`);
      expect(result.stderr).not.toMatch(ERROR_RECORD);
      expect(existsSync(report)).toBe(false);
      expect(received).toBe(1);
      await expect.poll(() => dropped).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
