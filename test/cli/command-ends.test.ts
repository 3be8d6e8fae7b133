import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { findFreePort } from '../api/find-free-port.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess } from './test-io.js';

const BUG = /This is a bug/;

describe('a command ends when its work ends, whatever the outcome', () => {
  let api: TestEmulator;
  let received = 0;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 200, feedback: 0, ratePerMinute: 100_000, transport: 'http' });
    api.emulator.faults.script = (n) => {
      received = n;
      return undefined;
    };
  });
  afterAll(() => api.close());

  it('check: a host that refuses the connection fails at once, naming the address', async () => {
    const url = `http://127.0.0.1:${await findFreePort()}/v2`;
    const result = await runCliInProcess(['check'], { LISTING_API_URL: url, LISTING_API_KEY: 'k' });
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.stderr).toContain(`Could not connect to the API at ${url}: the connection was refused (ECONNREFUSED). Check LISTING_API_URL and the network, then run again.`);
    expect(result.stderr).not.toMatch(BUG);
  });

  it.each([
    { what: 'a sign no header carries', key: 'lbk_12€34' },
    { what: 'a control character', key: 'lbk_12\u000734' },
    { what: 'a space inside', key: 'lbk_12 34' },
  ])('refuses a key with $what before any request, naming the setting, never the key', async ({ key }) => {
    const start = received;
    const result = await runCliInProcess(['check'], { LISTING_API_URL: api.url, LISTING_API_KEY: key });
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.stderr).toContain('Could not use the API key from LISTING_API_KEY: it holds a character an HTTP header cannot carry');
    expect(result.stderr).not.toContain(key);
    expect(received).toBe(start);
  });

  it('refuses such a key from LISTING_API_KEY_FILE too', async () => {
    const file = join(await makeTempDir(), 'key');
    await writeFile(file, 'lbk_12€34\n');
    await chmod(file, 0o600);
    const start = received;
    const result = await runCliInProcess(['check'], { LISTING_API_URL: api.url, LISTING_API_KEY_FILE: file });
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.stderr).toContain(`Could not use the API key from LISTING_API_KEY_FILE (${file})`);
    expect(received).toBe(start);
  });

  it('export: a base URL whose path is not the API says so, with no stack', async () => {
    const url = api.url.replace(/\/v2$/, '/nov2');
    const out = join(await makeTempDir(), 'businesses.csv');
    const result = await runCliInProcess(['export', 'businesses', '--out', out], { LISTING_API_URL: url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN });
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.stderr).toContain(`LISTING_API_URL is ${url}; it usually ends in /v2. Correct it, then run again.`);
    expect(result.stderr).not.toMatch(BUG);
  });
});
