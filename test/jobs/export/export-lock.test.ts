import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/api-client.js';
import { exportResource } from '../../../src/jobs/export/export-resource.js';
import { SheetError } from '../../../src/sheets/index.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const silent = pino({ level: 'silent' });

describe('the file of an export', () => {
  let api: TestEmulator;
  let client: ApiClient;
  let filters: { user: string[] };
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 208, feedback: 0, ratePerMinute: 100_000 });
    client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    filters = { user: [api.emulator.users.ORG_ADMIN] };
  });
  afterAll(async () => {
    await client.close();
    await api.close();
  });

  const countRows = async (out: string): Promise<number> => (await readFile(out, 'utf8')).trim().split('\n').length - 1;

  it('is refused at once to a second export while the first writes it, which writes every row', async () => {
    const out = join(await makeTempDir(), 'businesses.csv');
    const settled = await Promise.allSettled([exportResource(client, 'businesses', { out, filters }, silent), exportResource(client, 'businesses', { out, filters }, silent)]);
    const refused = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    const done = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(SheetError);
    expect(refused[0]).toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(
        new RegExp(`^Could not write ${out}: another export is writing it \\(process ${process.pid} since \\d\\d:\\d\\d\\)\\. Wait for it to end, or choose another --out; a lock its run stopped refreshing \\(a killed container\\) is taken over after a minute\\.$`),
      ) as unknown,
    });
    // Every business of the ORG_ADMIN user, over two pages.
    expect(done).toMatchObject([{ rows: 167, failures: 0 }]);
    expect(await countRows(out)).toBe(167);
    expect(await readdir(join(out, '..'))).toEqual(['businesses.csv']);
  });

  it('is cleared of what an export killed in another container left, with a warning', async () => {
    const dir = await makeTempDir();
    const out = join(dir, 'businesses.csv');
    const killedAt = new Date(Date.now() - 5 * 60_000);
    await writeFile(`${out}.lock`, JSON.stringify({ pid: 1, host: 'f00dcafe1234', boot_id: 'another-boot', pid_ns: 'pid:[4026532999]', started_at: killedAt.toISOString() }));
    await utimes(`${out}.lock`, killedAt, killedAt);
    const leftovers = ['.businesses.csv.1-0a1b2c.tmp', '.businesses.csv.errors.csv.1-3d4e5f.tmp'];
    for (const name of [...leftovers, '.stores.csv.1-0a1b2c.tmp']) await writeFile(join(dir, name), 'code\nS1\n');
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });

    expect(await exportResource(client, 'businesses', { out, filters }, logger)).toMatchObject({ rows: 167 });
    expect((await readdir(dir)).sort()).toEqual(['.stores.csv.1-0a1b2c.tmp', 'businesses.csv']);
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`^Took over ${out}\\.lock from process 1 on host f00dcafe1234 since .* \\(last seen 300 s ago\\), which is gone`))]);
  });
});
