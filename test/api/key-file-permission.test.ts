import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type * as NodeFsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { readApiSettings } from '../../src/api/api-settings.js';

// A file of another user's with mode 0600 is refused as EACCES; root, which runs these tests on some machines, is never refused.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFsPromises>();
  const open: typeof fs.open = (path, ...rest) =>
    String(path).endsWith('root-only.key')
      ? Promise.reject(Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), { code: 'EACCES', syscall: 'open' }))
      : fs.open(path, ...rest);
  return { ...fs, open };
});

const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-key-file-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

it('says which user may not read a key file, and how a container run reads it', async () => {
  const file = join(dir, 'root-only.key');
  await writeFile(file, 'secret\n', { mode: 0o600 });
  const user = `uid ${String(process.getuid?.())}`;
  await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY_FILE: file })).rejects.toThrow(
    `Could not use the API key file ${file}: this process (${user}) may not read it (EACCES: permission denied, open '${file}'). ` +
      `Give the file to ${user}, kept chmod 600, or run as its owner (docker run --user "$(id -u):$(id -g)").`,
  );
  await expect(readApiSettings({ LISTING_API_URL: 'http://127.0.0.1/v2', LISTING_API_KEY_FILE: join(dir, 'absent') })).rejects.toThrow(
    `Could not use the API key file ${join(dir, 'absent')}: it does not exist. Check LISTING_API_KEY_FILE.`,
  );
});
