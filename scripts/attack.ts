/**
 * The attacks of issue #27, against the built CLI (`npm run build` first; `npm run attack` does both):
 * each group's fixed behaviour, tried as a user meets it, with the emulator and a fault proxy of our own.
 * Prints `group | attack | result | detail` and exits 1 if any attack fails.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { findFreePort } from '../test/api/find-free-port.js';
import { CLI, REPO, runCli, startChild, startCli, startEmulator, waitUntil, type ChildResult, type Emulator, type RunningChild } from './attack/child.js';
import { startFaultProxy } from './attack/fault-proxy.js';
import { hasRedisServer, startRedis } from './attack/redis.js';

type Status = 'pass' | 'fail' | 'skipped' | 'covered';

interface Outcome {
  status: Status;
  detail: string;
}

interface Attack {
  group: string;
  name: string;
  run: () => Promise<Outcome>;
}

/** Pass when no check failed; the detail says what was seen, then what was wrong. */
function judge(seen: string, failures: (string | false)[]): Outcome {
  const wrong = failures.filter((failure): failure is string => failure !== false);
  return wrong.length === 0 ? { status: 'pass', detail: seen } : { status: 'fail', detail: `${seen}; ${wrong.join('; ')}` };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const hasStack = (result: ChildResult): boolean => /^ {4}at /m.test(result.stderr + result.stdout);
const exitOf = (result: ChildResult): string => (result.timedOut ? 'killed by the guard' : `exit ${result.code ?? result.signal ?? '?'}`);

function readCsv(path: string): Record<string, string>[] {
  return parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true });
}

function readSummary(reportDir: string): { rows: Record<string, number> } | undefined {
  const path = join(reportDir, 'summary.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { rows: Record<string, number> }) : undefined;
}

/** A fresh folder per attack, under the run's temporary root: nothing is written into the checkout. */
function makeDir(root: string, name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** `business_id,name` rows that rename these businesses: each is a write. */
function writeRenames(path: string, rows: Record<string, string>[], label: string): void {
  writeFileSync(path, `business_id,name\n${rows.map((row, i) => `${row.business_id ?? ''},${label} ${i}`).join('\n')}\n`);
}

async function main(): Promise<number> {
  if (!existsSync(CLI)) {
    process.stderr.write(`${CLI} is missing: run npm run build first (npm run attack does).\n`);
    return 1;
  }
  const root = mkdtempSync(join(tmpdir(), 'listing-bulk-attack-'));
  // A budget of 1,200 a minute keeps the imports of group 3 a few seconds long; 150 businesses are 2 pages for ORG_ADMIN.
  const emulator = await startEmulator(['--businesses', '150', '--rate-per-minute', '1200'], root);
  try {
    const results = await runAttacks(attacks(root, emulator));
    printTable(results);
    return results.some(({ outcome }) => outcome.status === 'fail') ? 1 : 0;
  } finally {
    emulator.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

function attacks(root: string, emulator: Emulator): Attack[] {
  const key = emulator.keys.ORG_ADMIN ?? '';
  const api = { LISTING_API_URL: emulator.url, LISTING_API_KEY: key };
  const exported = join(root, 'exported.csv');
  let expectedRows = 0;
  /** The businesses of the first export, split among the attacks that write so that each changes its own. */
  const rows = (from: number, to: number): Record<string, string>[] => readCsv(exported).slice(from, to);

  return [
    {
      group: '1',
      name: 'export of 2 pages exits on time',
      run: async () => {
        const check = await runCli(['check'], { cwd: root, env: api });
        expectedRows = (JSON.parse(check.stdout) as { businesses: number }).businesses;
        const result = await runCli(['export', 'businesses', '--out', exported], { cwd: root, env: api });
        const written = existsSync(exported) ? readCsv(exported).length : 0;
        return judge(`${exitOf(result)} in ${seconds(result.wallMs)}, ${seconds(result.quietMs)} after its last output, ${written}/${expectedRows} rows`, [
          result.code !== 0 && 'expected exit 0',
          result.wallMs >= 10_000 && 'took 10 s or more',
          result.quietMs >= 2_000 && 'lingered 2 s or more after its last output',
          written !== expectedRows && 'rows missing',
        ]);
      },
    },
    ...[404, 500].map((status): Attack => ({
      group: '1',
      name: `export whose page 2 answers ${status} ends promptly`,
      run: async () => {
        const proxy = await startFaultProxy({
          target: emulator.url,
          fail: ({ url }) => (url.pathname.endsWith('/business/search') && url.searchParams.get('page') === '2' ? status : undefined),
        });
        const dir = makeDir(root, `page-${status}`);
        // A 5xx is retried through the outage budget: 3 s of it, so that "promptly" means after the retries.
        const result = await runCli(['export', 'businesses', '--out', 'out.csv', '--max-outage', '3'], { cwd: dir, env: { ...api, LISTING_API_URL: proxy.url } });
        await proxy.close();
        const errorsFile = existsSync(join(dir, 'out.csv.errors.csv'));
        return judge(`${exitOf(result)} in ${seconds(result.wallMs)}, ${seconds(result.quietMs)} after its last output, out.csv.errors.csv ${errorsFile ? 'written' : 'missing'}`, [
          result.code !== 2 && 'expected exit 2',
          result.wallMs >= 15_000 && 'took 15 s or more',
          result.quietMs >= 2_000 && 'lingered 2 s or more after its last output',
          !errorsFile && 'no errors file',
        ]);
      },
    })),
    ...[
      { what: 'a closed port', address: async () => `127.0.0.1:${await findFreePort()}` },
      // On the Fetch standard's bad-port list: fetch refuses it with an error that has no code.
      { what: 'a port fetch refuses', address: () => Promise.resolve('127.0.0.1:1') },
    ].map(({ what, address: pick }) => ({
      group: '1',
      name: `check against ${what} fails fast, naming it`,
      run: async () => {
        const address = await pick();
        const result = await runCli(['check'], { cwd: root, env: { ...api, LISTING_API_URL: `http://${address}/v2` } });
        return judge(`${exitOf(result)} in ${seconds(result.wallMs)}`, [
          result.code !== 1 && 'expected exit 1',
          result.wallMs >= 15_000 && 'took 15 s or more',
          !result.stderr.includes(address) && `the message does not name ${address}`,
        ]);
      },
    })),
    {
      group: '1',
      name: "LISTING_API_KEY='ab€c' refused before any request",
      run: async () => {
        const proxy = await startFaultProxy({ target: emulator.url });
        const result = await runCli(['export', 'businesses', '--out', join(root, 'bad-key.csv')], { cwd: root, env: { LISTING_API_URL: proxy.url, LISTING_API_KEY: 'ab€c' } });
        await proxy.close();
        return judge(`${exitOf(result)}, ${proxy.requests} requests`, [
          result.code !== 1 && 'expected exit 1',
          proxy.requests !== 0 && 'a request was sent',
          !result.stderr.includes('LISTING_API_KEY') && 'the message does not name LISTING_API_KEY',
        ]);
      },
    },
    {
      group: '1, 6',
      name: 'LISTING_API_URL without /v2 says so, no stack',
      run: async () => {
        const result = await runCli(['check'], { cwd: root, env: { ...api, LISTING_API_URL: emulator.url.replace(/\/v2$/, '/nov2') } });
        return judge(`${exitOf(result)} in ${seconds(result.wallMs)}`, [
          result.code !== 1 && 'expected exit 1',
          !result.stderr.includes('usually ends in /v2') && 'no "usually ends in /v2"',
          hasStack(result) && 'a stack trace was printed',
        ]);
      },
    },
    {
      group: '2',
      name: "run.lock of a dead container's PID 1 is taken over",
      run: async () => {
        const report = makeDir(root, 'lock-report');
        const lock = join(report, 'run.lock');
        const holder = { pid: 1, started_at: new Date(Date.now() - 600_000).toISOString(), host: 'f00dcafe1234', boot_id: 'other', pid_ns: 'other', start_ticks: 1 };
        writeFileSync(lock, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
        const twoMinutesAgo = new Date(Date.now() - 120_000);
        utimesSync(lock, twoMinutesAgo, twoMinutesAgo);
        const result = await runCli(['import', 'businesses', exported, '--report', report], { cwd: root, env: api });
        return judge(`${exitOf(result)}, lock ${existsSync(lock) ? 'left behind' : 'removed at the end'}`, [
          result.code !== 0 && result.code !== 2 && 'expected exit 0 or 2',
          !result.stderr.includes('Took over') && 'no "Took over" warning',
          existsSync(lock) && 'the lock was not removed',
        ]);
      },
    },
    {
      group: '2',
      name: 'two exports to one --out: one refused, one whole',
      run: async () => {
        // Slow answers, so that the two exports overlap.
        const proxy = await startFaultProxy({ target: emulator.url, delayMs: 300 });
        const dir = makeDir(root, 'same-out');
        const env = { ...api, LISTING_API_URL: proxy.url };
        const both = await Promise.all([0, 1].map(() => runCli(['export', 'businesses', '--out', 'same.csv'], { cwd: dir, env })));
        await proxy.close();
        const refused = both.filter((result) => result.code === 1 && result.stderr.includes('another export is writing it'));
        const written = existsSync(join(dir, 'same.csv')) ? readCsv(join(dir, 'same.csv')).length : 0;
        return judge(`${both.map(exitOf).join(' and ')}, ${written}/${expectedRows} rows written`, [
          refused.length !== 1 && 'expected exactly one exit 1 "another export is writing it"',
          !both.some((result) => result.code === 0) && 'expected the other to exit 0',
          written !== expectedRows && 'rows missing',
        ]);
      },
    },
    {
      group: '2',
      name: "a killed export's temporary file is removed",
      run: async () => {
        const proxy = await startFaultProxy({ target: emulator.url, delayMs: 1_000 });
        const dir = makeDir(root, 'killed-export');
        const temp = /^\.killed\.csv\.\d+-[0-9a-f]+\.tmp$/;
        const temps = (): string[] => readdirSync(dir).filter((name) => temp.test(name));
        const killed = startCli(['export', 'businesses', '--out', 'killed.csv'], { cwd: dir, env: { ...api, LISTING_API_URL: proxy.url } });
        try {
          await waitUntil(() => temps().length > 0, 20_000, 'the export to open its temporary file');
        } finally {
          killed.process.kill('SIGKILL');
        }
        await killed.result;
        await proxy.close();
        const left = temps();
        const again = await runCli(['export', 'businesses', '--out', 'killed.csv'], { cwd: dir, env: api });
        const written = existsSync(join(dir, 'killed.csv')) ? readCsv(join(dir, 'killed.csv')).length : 0;
        return judge(`killed with ${left.join(', ')} left; the next export: ${exitOf(again)}, ${temps().length} left, ${written}/${expectedRows} rows`, [
          left.length === 0 && 'the kill left no temporary file to clean',
          again.code !== 0 && 'expected exit 0',
          temps().length !== 0 && 'the temporary file is still there',
          written !== expectedRows && 'rows missing',
        ]);
      },
    },
    ...frozenRedisAttacks(root, emulator, api, rows),
    {
      group: '4',
      name: 'a store code with a comma fails its row alone',
      run: async () => {
        const dir = makeDir(root, 'comma');
        const picked = rows(80, 84).map((row, i) => ({ code: i === 2 ? 'X,000003' : (row.code ?? ''), name: `Comma attack ${i}` }));
        writeFileSync(join(dir, 'comma.csv'), `code,name\n${picked.map((row) => `"${row.code}",${row.name}`).join('\n')}\n`);
        const result = await runCli(['import', 'businesses', 'comma.csv', '--report', 'report'], { cwd: dir, env: api });
        const summary = readSummary(join(dir, 'report'));
        const resultsFile = join(dir, 'report', 'results.csv');
        const commaRow = existsSync(resultsFile) ? readCsv(resultsFile).find((row) => row.code === 'X,000003') : undefined;
        return judge(`${exitOf(result)}, ${summary?.rows.updated ?? '?'} updated, ${summary?.rows.failed ?? '?'} failed: ${commaRow?._errors ?? 'no row X,000003'}`, [
          result.code !== 2 && 'expected exit 2',
          summary?.rows.updated !== 3 && 'expected 3 rows updated',
          (commaRow?._status !== 'failed' || commaRow._errors?.includes('comma') !== true) && 'expected row X,000003 failed naming the comma',
        ]);
      },
    },
    {
      group: '4, 6',
      name: 'a hidden XLSX sheet "businesses" is skipped with a warning',
      run: async () => {
        const dir = makeDir(root, 'hidden-sheet');
        const [row] = rows(84, 85);
        const workbook = new ExcelJS.Workbook();
        const hidden = workbook.addWorksheet('businesses', { state: 'hidden' });
        hidden.addRows([['business_id', 'name'], [row?.business_id ?? '', 'From the hidden sheet']]);
        workbook.addWorksheet('stores').addRows([['business_id', 'name'], [row?.business_id ?? '', 'From the visible sheet']]);
        await workbook.xlsx.writeFile(join(dir, 'hidden.xlsx'));
        const result = await runCli(['import', 'businesses', 'hidden.xlsx', '--dry-run', '--report', 'report'], { cwd: dir, env: api });
        const warning = result.stderr.split('\n').find((line) => line.includes('is hidden'));
        const summary = readSummary(join(dir, 'report'));
        return judge(`${exitOf(result)}, ${summary?.rows.would_update ?? '?'} would update: ${warning === undefined ? 'no warning' : (JSON.parse(warning) as { msg: string }).msg}`, [
          result.code !== 0 && 'expected exit 0',
          warning?.includes('businesses') !== true && 'no warning naming the hidden sheet',
          summary?.rows.would_update !== 1 && 'expected the visible sheet\'s row read',
        ]);
      },
    },
    {
      group: '4, 6',
      name: 'a report directory on a full disk',
      // A full disk needs a mount of its own; the test fills one it fakes (test/sheets/full-disk.ts).
      run: () => Promise.resolve({ status: 'covered', detail: 'by test/jobs/import/report-dir.test.ts ("the disk is full")' }),
    },
    {
      group: '5',
      name: 'export-run.test.ts passes 3 times in a row',
      run: async () => {
        const runs: ChildResult[] = [];
        for (let i = 0; i < 3; i++) {
          runs.push(await startChild('npx', ['vitest', 'run', 'test/jobs/export/export-run.test.ts'], { cwd: REPO, timeoutMs: 180_000 }).result);
        }
        return judge(runs.map((run) => `${exitOf(run)} in ${seconds(run.wallMs)}`).join(', '), [runs.some((run) => run.code !== 0) && 'a run failed']);
      },
    },
  ];
}

function frozenRedisAttacks(root: string, emulator: Emulator, api: Record<string, string>, rows: (from: number, to: number) => Record<string, string>[]): Attack[] {
  const names = ['an import outlives a frozen Redis', 'SIGTERM during a frozen Redis: 143 and a summary'] as const;
  if (!hasRedisServer()) return names.map((name) => ({ group: '3', name, run: () => Promise.resolve<Outcome>({ status: 'skipped', detail: 'no redis-server on PATH' }) }));
  /**
   * An import of 40 renames, through a proxy that counts its writes, sharing its budget in a fresh
   * Redis that is frozen (SIGSTOP) once 3 writes went out; `judgeRun` then sees the running import.
   */
  const withFrozenRedis = (folder: string, from: number, judgeRun: (child: RunningChild, report: string) => Promise<Outcome>) => async (): Promise<Outcome> => {
    const dir = makeDir(root, folder);
    writeRenames(join(dir, 'renames.csv'), rows(from, from + 40), folder);
    const redis = await startRedis(dir);
    const proxy = await startFaultProxy({ target: emulator.url });
    const env = { ...api, LISTING_API_URL: proxy.url, LISTING_RATE_REDIS_URL: redis.url };
    const child = startCli(['import', 'businesses', 'renames.csv', '--report', 'report', '--rate-per-minute', '1200'], { cwd: dir, env });
    try {
      await waitUntil(() => proxy.writes >= 3, 30_000, 'the import to write');
      redis.freeze();
      return await judgeRun(child, join(dir, 'report'));
    } finally {
      // An attack that threw leaves no import behind.
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
      redis.stop();
      await proxy.close();
    }
  };
  return [
    {
      group: '3',
      name: names[0],
      run: withFrozenRedis('redis-frozen', 0, async (child, report) => {
        const result = await child.result;
        const summary = readSummary(report);
        return judge(`${exitOf(result)} in ${seconds(result.wallMs)}, ${summary?.rows.updated ?? '?'} updated`, [
          result.code !== 0 && 'expected exit 0',
          !result.stderr.includes('lost the shared rate budget') && 'no "lost the shared rate budget" warning',
          summary?.rows.updated !== 40 && 'expected 40 rows updated',
        ]);
      }),
    },
    {
      group: '3',
      name: names[1],
      run: withFrozenRedis('redis-sigterm', 40, async (child, report) => {
        // Half a second into the freeze: the import is waiting on Redis, or pacing alone.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const running = child.process.exitCode === null;
        const signalled = Date.now();
        child.process.kill('SIGTERM');
        const result = await child.result;
        const stopMs = Date.now() - signalled;
        return judge(`${exitOf(result)} ${seconds(stopMs)} after SIGTERM, summary.json ${existsSync(join(report, 'summary.json')) ? 'written' : 'missing'}`, [
          !running && 'the import ended before SIGTERM',
          result.code !== 143 && 'expected exit 143',
          stopMs >= 10_000 && 'took 10 s or more to stop',
          !existsSync(join(report, 'summary.json')) && 'no summary.json',
        ]);
      }),
    },
  ];
}

async function runAttacks(list: Attack[]): Promise<{ attack: Attack; outcome: Outcome }[]> {
  const done: { attack: Attack; outcome: Outcome }[] = [];
  for (const attack of list) {
    let outcome: Outcome;
    try {
      outcome = await attack.run();
    } catch (error) {
      outcome = { status: 'fail', detail: error instanceof Error ? error.message : String(error) };
    }
    process.stderr.write(`${outcome.status.padEnd(7)} ${attack.group} ${attack.name}\n`);
    done.push({ attack, outcome });
  }
  return done;
}

function printTable(done: { attack: Attack; outcome: Outcome }[]): void {
  const rowsOut = [['group', 'attack', 'result', 'detail'], ...done.map(({ attack, outcome }) => [attack.group, attack.name, outcome.status, outcome.detail])];
  const widths = [0, 1, 2].map((column) => Math.max(...rowsOut.map((row) => row[column]?.length ?? 0)));
  for (const row of rowsOut) process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ').trimEnd()}\n`);
}

process.exitCode = await main();
