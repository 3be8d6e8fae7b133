import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApiSettings } from '../../src/api/api-settings.js';

describe('readApiSettings', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'listing-bulk-settings-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the address and the key from the environment', async () => {
    expect(await readApiSettings({ LISTING_API_URL: 'https://api.example.test/v2/', LISTING_API_KEY: ' k1 ' })).toEqual({
      baseUrl: 'https://api.example.test/v2',
      apiKey: 'k1',
    });
  });

  it('reads the key from a file only its owner can read', async () => {
    const file = join(dir, 'key');
    await writeFile(file, 'secret-from-file\n');
    await chmod(file, 0o600);
    expect((await readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY_FILE: file })).apiKey).toBe('secret-from-file');
    await chmod(file, 0o640);
    await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY_FILE: file })).rejects.toThrow(
      `Could not use the API key file ${file}: its group or others can read it. Run chmod 600 on it.`,
    );
  });

  it('says what is missing', async () => {
    await expect(readApiSettings({})).rejects.toThrow('LISTING_API_URL is not set');
    await expect(readApiSettings({ LISTING_API_URL: 'ftp://x' })).rejects.toThrow("'ftp://x' is not an http(s) URL");
    const key = { LISTING_API_KEY: 'lbk_test' };
    await expect(readApiSettings({ ...key, LISTING_API_URL: 'https://api.example.com/v2?x=1' })).rejects.toThrow('Could not use LISTING_API_URL: it holds a query (?x=1), which');
    await expect(readApiSettings({ ...key, LISTING_API_URL: 'https://api.example.com/v2#top' })).rejects.toThrow('it holds a fragment (#top)');
    const secret = readApiSettings({ ...key, LISTING_API_URL: 'https://me:s3cret@api.example.com/v2' });
    await expect(secret).rejects.toThrow('it holds a user name or password before the host');
    await expect(secret).rejects.not.toThrow('s3cret');
    await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2' })).rejects.toThrow('neither LISTING_API_KEY nor LISTING_API_KEY_FILE is set');
    // A job's key_env is the one place its key is read from: LISTING_API_KEY_FILE set beside it is not said to be unset.
    await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY_FILE: '/run/key' }, { keyEnv: 'CRM_SYNC_KEY' })).rejects.toThrow(
      'Could not find the API key: CRM_SYNC_KEY, which the job file names (api.key_env), is not set. Set it, or name a file in api.key_file instead.',
    );
    await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY_FILE: join(dir, 'absent') })).rejects.toThrow(
      'does not exist',
    );
  });

  it('refuses anything but a small regular file with one line, each with its own message', async () => {
    const url = 'http://127.0.0.1/v2';
    const folder = join(dir, 'key-dir');
    await mkdir(folder, { mode: 0o700 });
    await expect(readApiSettings({ LISTING_API_URL: url, LISTING_API_KEY_FILE: folder })).rejects.toThrow(`${folder}: it is a directory`);
    const fifo = join(dir, 'key-fifo');
    execFileSync('mkfifo', ['-m', '600', fifo]);
    // Opened without blocking: a pipe nobody writes to is refused at once instead of hanging the run.
    await expect(readApiSettings({ LISTING_API_URL: url, LISTING_API_KEY_FILE: fifo })).rejects.toThrow('it is not a regular file');
    const twoLines = join(dir, 'two-lines');
    await writeFile(twoLines, 'key-one\nkey-two\n', { mode: 0o600 });
    await expect(readApiSettings({ LISTING_API_URL: url, LISTING_API_KEY_FILE: twoLines })).rejects.toThrow('it holds 2 lines. Put only the key in it, on one line.');
    const large = join(dir, 'large');
    await writeFile(large, 'k'.repeat(5 * 1024 * 1024), { mode: 0o600 });
    await expect(readApiSettings({ LISTING_API_URL: url, LISTING_API_KEY_FILE: large })).rejects.toThrow('it holds 5242880 bytes, more than a key');
  });

  it('refuses to choose between a key and a key file', async () => {
    const file = join(dir, 'both');
    await writeFile(file, 'from-file\n', { mode: 0o600 });
    await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY: 'inline', LISTING_API_KEY_FILE: file })).rejects.toThrow(
      'both LISTING_API_KEY and LISTING_API_KEY_FILE are set. Unset one of them.',
    );
  });

  it('takes a job file\'s own sources over the environment', async () => {
    const file = join(dir, 'job-key');
    await writeFile(file, 'job-secret\n', { mode: 0o600 });
    const env = { LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY: 'env-key', SYNC_KEY: 'sync-key' };
    expect((await readApiSettings(env, { keyFile: file })).apiKey).toBe('job-secret');
    expect((await readApiSettings(env, { keyEnv: 'SYNC_KEY', url: 'https://api.example.test/v2' }))).toEqual({ baseUrl: 'https://api.example.test/v2', apiKey: 'sync-key' });
  });
});
