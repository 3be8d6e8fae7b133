import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkippingClock } from '../api/skipping-clock.js';
import { runCliInProcess, serveCliInProcess, testIo, type CliResult, type CliServing, type TestIo } from '../cli/test-io.js';
import type { SheetReaderOptions } from '../../src/sheets/index.js';
import { readItems } from '../sheets/read-items.js';
import { extractReadmeCommands } from './extract-readme-commands.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = extractReadmeCommands(await readFile(`${ROOT}README.md`, 'utf8'));
const PACKAGE = JSON.parse(await readFile(`${ROOT}package.json`, 'utf8')) as { scripts: { start: string } };

/** Commands of the README no test here runs, each with why. */
const SKIPPED: readonly [RegExp, string][] = [
  [/^npm ci$/, 'installs the dependencies: the tests run in the installed checkout'],
  [/^npm test$/, 'the whole suite, of which this test is one'],
  [/^docker /, 'deploy/docker-examples.sh, which npm run test:container runs as written'],
  [/^(set -eu|mkdir -p reports)$/, 'the set-up of deploy/docker-examples.sh, run with it'],
];

/**
 * The emulator the README's `emulator` command serves: the io of a command that reaches it (its
 * variables, and the clock the emulator keeps), and its users' ids (the README's `usr_1`…).
 */
interface Served {
  io: () => TestIo;
  users: Record<string, string>;
}

const covered = new Set<string>();

/**
 * Runs a command exactly as the README writes it (it must be there), in this process, in the
 * current folder: `npx listing-bulk …` and `listing-bulk …` are the CLI, `npm start` the script
 * package.json names.
 */
async function runReadme(text: string, io: TestIo = testIo(), replace: Record<string, string> = {}): Promise<CliResult> {
  expect(README.map((command) => command.text)).toContain(text);
  covered.add(text);
  return runCliInProcess(readArgs(text, replace), {}, io);
}

function readArgs(text: string, replace: Record<string, string>): string[] {
  if (text === 'npm start') {
    const words = PACKAGE.scripts.start.split(' ');
    return words.slice(words.indexOf('dist/cli/main.js') + 1);
  }
  const words = text.split(' ');
  const at = words.indexOf('listing-bulk');
  if (at === -1 || text.includes('"') || text.includes("'")) throw new Error(`no listing-bulk command to run: ${text}`);
  return words.slice(at + 1).map((word) => replace[word] ?? word);
}

async function readSheetRows(path: string, options: SheetReaderOptions = {}): Promise<Record<string, unknown>[]> {
  const { items } = await readItems(path, options);
  return items.flatMap((item) => (item.kind === 'row' ? [item.values] : []));
}

describe("the README's commands, against the built-in emulator", () => {
  const home = process.cwd();
  let dir = '';
  let served: { io: TestIo; run: CliServing } | undefined;
  let api: Served | undefined;

  beforeAll(async () => {
    // The commands run where a reader runs them: a folder holding jobs/ and samples/.
    // One folder for every command: the tour's import reads the file its export wrote.
    dir = await mkdtemp(join(tmpdir(), 'listing-bulk-readme-'));
    await cp(`${ROOT}jobs`, join(dir, 'jobs'), { recursive: true });
    await cp(`${ROOT}samples`, join(dir, 'samples'), { recursive: true });
    process.chdir(dir);
  });
  afterAll(async () => {
    process.chdir(home);
    served?.io.signals.emit('SIGTERM');
    await served?.run.done;
    await rm(dir, { recursive: true, force: true });
  });

  it('npm start: the demo job exits 0 and says where each report is', { timeout: 120_000 }, async () => {
    const demo = await runReadme('npm start');
    expect(demo.code).toBe(0);
    const steps = demo.said.split('\n').filter((line) => line.startsWith('demo / '));
    expect(steps).toHaveLength(5);
    for (const step of steps.slice(0, 3)) expect(step).toMatch(/updated.*; report in reports\/demo\/[^/]+\/\w+$/);
    for (const step of steps.slice(3)) expect(step).toMatch(/: \d+ rows written to reports\/demo\/.+\.xlsx$/);
  });

  it('the five-minute tour: export, rehearse twice, import; the rehearsal moves to dry-run/ and undo.xlsx undoes the import', { timeout: 60_000 }, async () => {
    const exported = await runReadme('npx listing-bulk export businesses --out stores.xlsx --emulator');
    expect(exported.code).toBe(0);
    expect(exported.said).toMatch(/^businesses: 160 rows written to stores\.xlsx/m);

    // 2. Edit stores.xlsx: one name, as a person would in Excel.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile('stores.xlsx');
    const sheet = workbook.getWorksheet('businesses');
    if (sheet === undefined) throw new Error('the export has no businesses sheet');
    let nameColumn = 0;
    sheet.getRow(1).eachCell((cell, column) => {
      if (cell.text === 'name') nameColumn = column;
    });
    sheet.getRow(2).getCell(nameColumn).value = 'Boulangerie du Tour';
    await workbook.xlsx.writeFile('stores.xlsx');

    // 3. and 4.: the same rehearsal twice, the second replacing the first's files.
    for (let pass = 0; pass < 2; pass++) {
      const rehearsal = await runReadme('npx listing-bulk import businesses stores.xlsx --dry-run --report reports/monday --emulator');
      expect(rehearsal.code).toBe(0);
      expect(rehearsal.said).toMatch(/^businesses: 160 rows \(1 would update, 159 unchanged\);.*report in reports\/monday$/m);
      expect(await readSheetRows('reports/monday/plan.xlsx')).toMatchObject([{ column: 'name', new: 'Boulangerie du Tour' }]);
    }

    const real = await runReadme('npx listing-bulk import businesses stores.xlsx --report reports/monday --emulator');
    expect(real.code).toBe(0);
    expect(real.said).toMatch(/^businesses: 160 rows \(1 updated, 159 unchanged\);.*report in reports\/monday$/m);
    expect(await readSheetRows('reports/monday/dry-run/plan.xlsx')).toHaveLength(1);
    expect(await readSheetRows('reports/monday/undo.xlsx')).toMatchObject([{ name: expect.not.stringMatching(/du Tour/) as unknown }]);
    const results = await readSheetRows('reports/monday/results.xlsx', { sheet: 'businesses', metaColumns: ['_status'] });
    expect(results.filter((row) => row._status === 'updated')).toHaveLength(1);
  });

  it('the emulator prints one JSON line of its address, keys and users, and serves its businesses', { timeout: 60_000 }, async () => {
    const text = 'npx listing-bulk emulator --port 0 --businesses 1000 --rate-per-minute 300';
    expect(README.map((command) => command.text)).toContain(text);
    covered.add(text);
    // A server until stopped, on a clock that skips waits; the commands that reach it keep the same one.
    const clock = createSkippingClock();
    const io = { ...testIo(), clock };
    served = { io, run: serveCliInProcess(readArgs(text, {}), io) };
    const banner = JSON.parse(await served.run.firstLine) as { url: string; keys: Record<string, string>; users: Record<string, string> };
    expect(Object.keys(banner.keys).sort()).toEqual(['BUSINESS_MANAGER', 'GROUP_MANAGER', 'ORG_ADMIN', 'ORG_MANAGER', 'PROVIDER', 'PUBLISHER']);
    const env = { LISTING_API_URL: banner.url, LISTING_API_KEY: banner.keys.ORG_ADMIN ?? '' };
    api = { io: () => ({ ...testIo(env), clock }), users: banner.users };
    const check = await runCliInProcess(['check'], {}, api.io());
    expect(check.code).toBe(0);
    // Four businesses in five are of the first organization, which the ORG_ADMIN key reads.
    expect(JSON.parse(check.stdout)).toMatchObject({ url: banner.url, businesses: 800 });
  });

  it('the exports, against the emulator served above', { timeout: 60_000 }, async () => {
    if (api === undefined) throw new Error('the emulator the test above serves is the API these exports read');
    const all = await runReadme('npx listing-bulk export businesses --out businesses.xlsx', api.io());
    expect(all.code).toBe(0);
    expect(await readSheetRows('businesses.xlsx', { sheet: 'businesses' })).toHaveLength(800);

    // usr_1 and usr_2 stand for two users: here the emulator's business manager (8 businesses) and publisher (20, the same 8 among them).
    const users = { usr_1: api.users.BUSINESS_MANAGER ?? '', usr_2: api.users.PUBLISHER ?? '' };
    const ofUsers = await runReadme('npx listing-bulk export businesses --user usr_1 --user usr_2 --out b.csv', api.io(), users);
    expect(ofUsers.code).toBe(0);
    expect(await readSheetRows('b.csv')).toHaveLength(20);

    const unhappy = await runReadme('npx listing-bulk export feedback --since 2025-06-01 --nps-max 6 --out unhappy.xlsx', api.io());
    expect(unhappy.code).toBe(0);
    const results = await readSheetRows('unhappy.xlsx', { sheet: 'feedback' });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((row) => Number(row.nps) <= 6 && String(row.created) >= '2025-06-01')).toBe(true);
  });

  it('runs every command of the README, or says why not', () => {
    const left = README.filter((command) => !covered.has(command.text) && !SKIPPED.some(([pattern]) => pattern.test(command.text)));
    expect(left.map((command) => `README line ${command.line}: ${command.text}`)).toEqual([]);
  });
});
