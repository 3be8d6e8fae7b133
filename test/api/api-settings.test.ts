import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
    await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2' })).rejects.toThrow('neither LISTING_API_KEY nor LISTING_API_KEY_FILE is set');
    await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY_FILE: join(dir, 'absent') })).rejects.toThrow(
      'does not exist',
    );
  });
});
