import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import { ReportDirError } from '../../../src/jobs/import/report/report-dir-error.js';
import { lockReportDir } from '../../../src/jobs/import/report/report-dir-lock.js';
import { readOwnIdentity } from '../../../src/jobs/run-lock/process-identity.js';
import { SheetError } from '../../../src/sheets/index.js';
import { disk } from '../../sheets/full-disk.js';
import { readUndoIds } from './read-undo-ids.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

vi.mock('node:fs', async (importOriginal) => (await import('../../sheets/full-disk.js')).withFullDisk(await importOriginal()));

const silent = pino({ level: 'silent' });

/** A logger whose warnings the test reads. */
function recordWarnings(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
  return { logger, warnings };
}

const hhmm = (date: Date): string => date.toTimeString().slice(0, 5);

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
    disk.readOnly = false;
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
    // A partial output goes: the journal rebuilds the report.
    expect((await readdir(reportDir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('keeps, and tells of, the undo file cut short of a run of an earlier version killed in it, which wrote no spool', async () => {
    const legacy = '.undo.csv.4242-0a1b2c.tmp';
    const reportDir = join(harness.dir, 'earlier-version');
    const file = join(harness.dir, 'earlier-version.csv');
    await writeFile(file, renameSheet(2));
    await harness.importFile('businesses', file, { reportDir });
    await writeFile(join(reportDir, legacy), 'business_id,_code,_name,name,_base\r\n');
    const { logger, warnings } = recordWarnings();
    const { summary } = await harness.importFile('businesses', file, { reportDir }, logger);
    expect(summary.undo_files).toEqual(['undo.csv']);
    expect((await readdir(reportDir)).filter((name) => name.startsWith('.'))).toEqual([legacy]);
    expect(warnings).toContain(
      `Left ${legacy} in ${reportDir}: the undo lines of a run of an earlier version, killed there, which this version does not read. To set back what that run changed, copy it out of the folder and import it after the undo files written since; its last line may be cut short.`,
    );
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
    const lock = `${JSON.stringify({ ...readOwnIdentity(), started_at: startedAt.toISOString() })}\n`;
    const reportDir = await newReportDir('busy', { 'run.lock': lock });
    const imported = harness.runImport('businesses', renameSheet(3), { reportDir });
    await expect(imported).rejects.toThrow(ReportDirError);
    await expect(imported).rejects.toThrow(
      `Could not use ${reportDir}: it is in use by process ${process.pid} since ${startedAt.toTimeString().slice(0, 5)}. Wait for it to end, or use another --report; a lock its run stopped refreshing (a killed container) is taken over after a minute.`,
    );
    expect(await readFile(join(reportDir, 'run.lock'), 'utf8')).toBe(lock);
    expect(await readdir(reportDir)).toEqual(['run.lock']);
    expect(harness.writes).toEqual([]);
  });

  it('is taken over from a process that died holding it, and freed when the run ends', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const reportDir = await newReportDir('abandoned', { 'run.lock': JSON.stringify({ ...readOwnIdentity(), pid: dead, started_at: new Date().toISOString() }) });
    const { summary } = await harness.runImport('businesses', renameSheet(3), { reportDir });
    expect(summary.rows.updated).toBe(3);
    expect(await readdir(reportDir)).not.toContain('run.lock');
  });

  it('takes over a lock cut short by a kill as it was written, and holds it until released', async () => {
    const reportDir = await newReportDir('cut', { 'run.lock': '{"pid":12' });
    const lock = lockReportDir(reportDir, silent);
    expect(JSON.parse(await readFile(join(reportDir, 'run.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockReportDir(reportDir, silent)).toThrow(`it is in use by process ${process.pid}`);
    lock.release();
    expect(await readdir(reportDir)).toEqual([]);
  });

  it('a report folder this process may not write in stops the import naming the user, not as a bug, sending nothing', async () => {
    // Made before the run, as a folder mounted read-only would be: the lock is the first thing written in it.
    const reportDir = await newReportDir('read-only', {});
    disk.readOnly = true;
    const imported = harness.runImport('businesses', renameSheet(3), { reportDir });
    await expect(imported).rejects.toThrow(ReportDirError);
    await expect(imported).rejects.toThrow(`Could not use ${reportDir}: this process (uid ${String(process.getuid?.())}) may not write in it (EROFS: read-only file system, open).`);
    expect(harness.writes).toEqual([]);
  });

  it('a disk full before the first write stops the import with what to do, sending nothing and leaving nothing', async () => {
    const reportDir = join(harness.dir, 'full-at-once');
    disk.free = 0;
    const imported = harness.runImport('businesses', renameSheet(3), { reportDir });
    await expect(imported).rejects.toThrow(ReportDirError);
    await expect(imported).rejects.toThrow(`Could not use ${reportDir}: the disk is full. Free space, or use another --report.`);
    expect(await readdir(reportDir)).toEqual([]);
    expect(harness.writes).toEqual([]);
  });

  it('a report disk that fills stops the import with "the disk is full": no partial report, the journal and undo lines kept, the same command resumes', async () => {
    const reportDir = join(harness.dir, 'full');
    const csv = renameSheet(30);
    disk.free = 4_000;
    const imported = harness.runImport('businesses', csv, { reportDir }, 'ORG_ADMIN', { concurrency: 2 });
    await expect(imported).rejects.toThrow(SheetError);
    await expect(imported).rejects.toThrow(/^Could not write .*\/full\/(results|errors|undo)\.csv: the disk is full\. Free space, then run the same command again to resume\.$/);
    // The undo lines stay spooled: the undo file could not be written, and the next run writes it.
    expect((await readdir(reportDir)).sort()).toEqual([expect.stringMatching(/^\.undo\.jsonl\.\d+-[0-9a-f]+\.tmp$/), 'journal.jsonl']);
    const firstWrites = [...harness.writes];
    // Whole lines only: the disk cut the last one short.
    const journaled = (await readFile(join(reportDir, 'journal.jsonl'), 'utf8')).split('\n').slice(0, -1).filter((line) => line.includes('"status":"updated"')).length;
    const sent = harness.writes.length;
    // The journal fills by row 20 at the latest: the writes still waiting for their turn once the run saw the disk full were not sent.
    expect(sent).toBeLessThan(30);

    disk.free = Infinity;
    const { summary } = await harness.runImport('businesses', csv, { reportDir });
    // A write answered after the journal could take no more was applied: the resumed run finds its business unchanged.
    expect(summary.rows).toMatchObject({ total: 30, updated: 30 - (sent - journaled), unchanged: sent - journaled, failed: 0 });
    expect(summary.resumed).toBe(journaled);
    expect(harness.writes).toHaveLength(30 - sent);
    // Each run's undo file, and together the before-image of every business either run wrote.
    expect(summary.undo_files).toEqual(['undo.csv', 'undo-2.csv']);
    const undone = new Set(await readUndoIds(reportDir, summary.undo_files ?? []));
    const written = [...firstWrites, ...harness.writes].map((write) => write.replace('POST /business/', ''));
    expect(written.filter((id) => !undone.has(id))).toEqual([]);
    expect((await readdir(reportDir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('the report directory lock', () => {
  const me = readOwnIdentity();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'listing-bulk-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  let count = 0;

  /** A report directory whose run.lock says `holder`, last refreshed at `refreshedAt`. */
  async function lockedDir(holder: object, refreshedAt: Date): Promise<string> {
    const reportDir = join(dir, `locked-${count++}`);
    await mkdir(reportDir);
    await writeFile(join(reportDir, 'run.lock'), `${JSON.stringify(holder)}\n`);
    await utimes(join(reportDir, 'run.lock'), refreshedAt, refreshedAt);
    return reportDir;
  }

  // In a container the CLI is PID 1, as it is in the next one: only the heartbeat tells a killed holder.
  const otherContainer = { pid: 1, host: 'f00dcafe1234', boot_id: 'another-boot', pid_ns: 'pid:[4026532999]', start_ticks: 12 };
  const olderVersion = { pid: 1 };

  it.each([
    ['another container', otherContainer, ' on host f00dcafe1234'],
    ['an earlier version', olderVersion, ''],
  ])('is taken over, with a warning, from %s that stopped refreshing it', async (_name, holder, onHost) => {
    const now = new Date();
    const startedAt = new Date(now.getTime() - 3_600_000);
    const reportDir = await lockedDir({ ...holder, started_at: startedAt.toISOString() }, new Date(now.getTime() - 61_000));
    const { logger, warnings } = recordWarnings();
    const lock = lockReportDir(reportDir, logger, { now: () => now });
    expect(JSON.parse(await readFile(join(reportDir, 'run.lock'), 'utf8'))).toMatchObject({ pid: process.pid, host: me.host });
    const path = join(reportDir, 'run.lock');
    expect(warnings).toEqual([
      `Took over ${path} from process 1${onHost} since ${startedAt.toDateString() === now.toDateString() ? '' : `${startedAt.toLocaleDateString('sv-SE')} `}${hhmm(startedAt)} (last seen 61 s ago), which is gone (killed, or its container stopped).`,
    ]);
    lock.release();
  });

  it('is refused while a run on another host refreshes it, naming the host and when it was last seen', async () => {
    const now = new Date();
    const holder = { ...otherContainer, started_at: now.toISOString() };
    const reportDir = await lockedDir(holder, new Date(now.getTime() - 20_000));
    expect(() => lockReportDir(reportDir, silent, { now: () => now })).toThrow(
      new ReportDirError(reportDir, `it is in use by process 1 on host f00dcafe1234 since ${hhmm(now)} (last seen 20 s ago)`, 'Wait for it to end, or use another --report; a lock its run stopped refreshing (a killed container) is taken over after a minute.'),
    );
    expect(await readFile(join(reportDir, 'run.lock'), 'utf8')).toBe(`${JSON.stringify(holder)}\n`);
  });

  // The pid runs (it is this process), but it is not the process that wrote the lock.
  it.runIf(me.start_ticks !== undefined)('is taken over from a run on this host whose pid another process took since', async () => {
    const reportDir = await lockedDir({ ...me, start_ticks: (me.start_ticks ?? 0) + 1, started_at: new Date().toISOString() }, new Date());
    const { logger, warnings } = recordWarnings();
    const lock = lockReportDir(reportDir, logger);
    expect(warnings).toEqual([expect.stringContaining(`from process ${process.pid} since`)]);
    expect(JSON.parse(await readFile(join(reportDir, 'run.lock'), 'utf8'))).toMatchObject({ start_ticks: me.start_ticks });
    lock.release();
  });

  it('is refreshed while held, and released only by its holder', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const reportDir = join(dir, 'held');
      await mkdir(reportDir);
      let clock = new Date('2030-01-01T10:00:00Z');
      const lock = lockReportDir(reportDir, silent, { heartbeatMs: 1_000, now: () => clock });
      clock = new Date('2030-01-01T10:00:01Z');
      vi.advanceTimersByTime(1_000);
      expect((await stat(join(reportDir, 'run.lock'))).mtime).toEqual(clock);

      // Taken over meanwhile by a run that thought it stale: its lock stays.
      const other = `${JSON.stringify({ ...otherContainer, started_at: clock.toISOString() })}\n`;
      await writeFile(join(reportDir, 'run.lock'), other);
      lock.release();
      expect(await readFile(join(reportDir, 'run.lock'), 'utf8')).toBe(other);
    } finally {
      vi.useRealTimers();
    }
  });
});
