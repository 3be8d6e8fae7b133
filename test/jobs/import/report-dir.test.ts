import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import { ReportDirError } from '../../../src/jobs/import/report/report-dir-error.js';
import { lockReportDir } from '../../../src/jobs/import/report/report-dir-lock.js';
import { SheetError } from '../../../src/sheets/index.js';
import { disk } from '../../sheets/full-disk.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

vi.mock('node:fs', async (importOriginal) => (await import('../../sheets/full-disk.js')).withFullDisk(await importOriginal()));

describe('the report directory', () => {
  let harness: ImportHarness;
  let businesses: Business[];
  let runs = 0;
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 40 });
    businesses = harness.api.emulator.state.orgBusinesses(1);
  });
  afterEach(() => {
    disk.free = Infinity;
  });
  afterAll(() => harness.close());

  /** A sheet renaming the first `count` businesses, each run to new names. */
  function renameSheet(count: number): string {
    runs++;
    return ['business_id,name', ...businesses.slice(0, count).map((business, index) => `${business.id},Run ${runs} store ${index}`)].join('\n');
  }

  async function newReportDir(name: string, files: Record<string, string> = {}): Promise<string> {
    const dir = join(harness.dir, name);
    await mkdir(dir);
    for (const [file, content] of Object.entries(files)) await writeFile(join(dir, file), content);
    return dir;
  }

  it('is refused when it holds files that are no report of ours, which are left as they were', async () => {
    const reportDir = await newReportDir('foreign', { 'notes.txt': 'mine', 'budget.xlsx': 'mine too' });
    const imported = harness.runImport('businesses', renameSheet(3), { reportDir });
    await expect(imported).rejects.toThrow(ReportDirError);
    await expect(imported).rejects.toThrow(
      `Could not use ${reportDir}: it holds other files than an import report (budget.xlsx, notes.txt), which the report could overwrite. Name a new or empty directory with --report, or the directory of an earlier report to resume it.`,
    );
    expect((await readdir(reportDir)).sort()).toEqual(['budget.xlsx', 'notes.txt']);
    expect(harness.writes).toEqual([]);
  });

  it('is taken when it holds only a report of ours, even one a killed run left', async () => {
    const reportDir = await newReportDir('earlier', {
      'results.csv': '',
      'errors.csv': '',
      'undo-2.xlsx': '',
      'summary.json': '{}',
      '.errors.csv.4242-0a1b2c.tmp': '',
    });
    await mkdir(join(reportDir, 'plan'));
    const { summary } = await harness.runImport('businesses', renameSheet(3), { reportDir });
    expect(summary.rows.updated).toBe(3);
  });

  it('is readable by its owner only, as are the report files and the journal', async () => {
    const reportDir = join(harness.dir, 'private', 'monday');
    await harness.runImport('businesses', renameSheet(3), { reportDir });
    const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
    expect(await modeOf(reportDir)).toBe(0o700);
    const files = (await readdir(reportDir)).sort();
    // Every row went through: no errors file.
    expect(files).toEqual(['journal.jsonl', 'results.csv', 'summary.json', 'undo.csv']);
    for (const file of files) expect([file, await modeOf(join(reportDir, file))]).toEqual([file, 0o600]);
  });

  it('is refused at once while a live process runs in it', async () => {
    const startedAt = new Date();
    const lock = `${JSON.stringify({ pid: process.pid, started_at: startedAt.toISOString() })}\n`;
    const reportDir = await newReportDir('busy', { 'run.lock': lock });
    const imported = harness.runImport('businesses', renameSheet(3), { reportDir });
    await expect(imported).rejects.toThrow(ReportDirError);
    await expect(imported).rejects.toThrow(
      `Could not use ${reportDir}: it is in use by process ${process.pid} since ${startedAt.toTimeString().slice(0, 5)}. Wait for it to end, or use another --report.`,
    );
    expect(await readFile(join(reportDir, 'run.lock'), 'utf8')).toBe(lock);
    expect(await readdir(reportDir)).toEqual(['run.lock']);
    expect(harness.writes).toEqual([]);
  });

  it('is taken over from a process that died holding it, and freed when the run ends', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const reportDir = await newReportDir('abandoned', { 'run.lock': JSON.stringify({ pid: dead, started_at: new Date().toISOString() }) });
    const { summary } = await harness.runImport('businesses', renameSheet(3), { reportDir });
    expect(summary.rows.updated).toBe(3);
    expect(await readdir(reportDir)).not.toContain('run.lock');
  });

  it('takes over a lock cut short by a kill as it was written, and holds it until released', async () => {
    const reportDir = await newReportDir('cut', { 'run.lock': '{"pid":12' });
    const lock = lockReportDir(reportDir);
    expect(JSON.parse(await readFile(join(reportDir, 'run.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockReportDir(reportDir)).toThrow(`it is in use by process ${process.pid}`);
    lock.release();
    expect(await readdir(reportDir)).toEqual([]);
  });

  it('a report disk that fills stops the import with "the disk is full": no partial report, the journal kept, the same command resumes', async () => {
    const reportDir = join(harness.dir, 'full');
    const csv = renameSheet(30);
    disk.free = 4_000;
    const imported = harness.runImport('businesses', csv, { reportDir });
    await expect(imported).rejects.toThrow(SheetError);
    await expect(imported).rejects.toThrow(/^Could not write .*\/full\/(results|errors|undo)\.csv: the disk is full\. Free space, then run the same command again to resume\.$/);
    expect(await readdir(reportDir)).toEqual(['journal.jsonl']);

    disk.free = Infinity;
    const { summary } = await harness.runImport('businesses', csv, { reportDir });
    expect(summary.rows).toMatchObject({ total: 30, updated: 30 });
    expect(summary.resumed).toBeGreaterThan(0);
  });
});
