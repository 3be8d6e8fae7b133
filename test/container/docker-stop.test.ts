import { chown, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Business } from '../../src/emulator/state-types.js';
import { startHostEmulator } from './host-emulator.js';
import { docker, IMAGE, type Finished } from './run-process.js';
import { makeTempFolder } from './temp-folder.js';

const ROWS = 20;
const CONCURRENCY = 2;
const dir = await makeTempFolder();
let onWrite: (total: number) => void = () => undefined;
const api = await startHostEmulator((total) => {
  onWrite(total);
});
afterAll(() => api.close());
await mkdir(join(dir, 'data'));
await mkdir(join(dir, 'reports'));
await chown(join(dir, 'reports'), 1000, 1000);

/** An import renaming `businesses`, in a container named `name`, with the report `reports/<report>`. */
async function runImport(name: string, report: string, businesses: readonly Business[]): Promise<Finished> {
  await writeFile(join(dir, `data/${report}.csv`), ['business_id,name', ...businesses.map((business, index) => `${business.id},${report} ${String(index)}`)].join('\n'));
  return docker([
    ...['run', '--rm', '--name', name, '--network', 'host', '--read-only', '--tmpfs', '/tmp'],
    ...['-e', `LISTING_API_URL=${api.url}`, '-e', `LISTING_API_KEY=${api.emulator.keys.ORG_ADMIN}`],
    ...['-v', `${dir}/data:/app/data:ro`, '-v', `${dir}/reports:/app/reports`, IMAGE],
    ...['import', 'businesses', `data/${report}.csv`, '--report', `reports/${report}`, '--rate-per-minute', '120', '--concurrency', String(CONCURRENCY)],
  ]);
}

/** Runs `docker <args>` once the emulator has applied 5 more writes: the import is then mid-way. */
function afterFiveWrites(args: readonly string[]): () => Promise<unknown> {
  const start = [...api.writes.values()].reduce((sum, count) => sum + count, 0);
  let done: Promise<unknown> = Promise.resolve();
  onWrite = (total) => {
    if (total === start + 5) done = docker(args);
  };
  return () => done;
}

const writesTo = (businesses: readonly Business[]) => businesses.map((business) => api.writes.get(`/business/${business.id}`) ?? 0);

it('a docker stop during an import ends it cleanly (143), and the same command run again writes each row once', async () => {
  const businesses = api.emulator.state.orgBusinesses(1).slice(0, ROWS);
  const stopped = afterFiveWrites(['stop', '--time', '60', 'lb-stop']);
  const first = await runImport('lb-stop', 'stop', businesses);
  await stopped();
  expect(first.code, first.stderr).toBe(143);
  expect(first.stderr).toContain('stopped: run the same command again to resume');
  expect(writesTo(businesses).filter((count) => count > 0).length).toBeLessThan(ROWS);
  const second = await runImport('lb-stop-again', 'stop', businesses);
  expect(second.code, second.stderr).toBe(0);
  expect(writesTo(businesses)).toEqual(businesses.map(() => 1));
});

// Every container's CLI is PID 1: the lock a killed one left must not pass for the next one's.
it('after a docker kill, the same command takes the lock over and sends again at most the rows in flight', async () => {
  const businesses = api.emulator.state.orgBusinesses(1).slice(ROWS, 2 * ROWS);
  const killed = afterFiveWrites(['kill', 'lb-kill']);
  const first = await runImport('lb-kill', 'kill', businesses);
  await killed();
  expect(first.code).toBe(137);
  const second = await runImport('lb-kill-again', 'kill', businesses);
  expect(second.code, second.stderr).toBe(0);
  const writes = writesTo(businesses);
  expect(writes.every((count) => count >= 1)).toBe(true);
  expect(writes.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(ROWS + CONCURRENCY);
});
