import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { testIo } from '../../cli/test-io.js';
import { EXIT_CODES } from '../../../src/cli/exit-codes.js';
import { withStopSignal, type StopContext } from '../../../src/cli/stop-signal.js';
import type { Business } from '../../../src/emulator/state-types.js';
import type { FaultScript } from '../../../src/emulator/pipeline/faults.js';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import { JobSchema } from '../../../src/jobs/job-file/job-schema.js';
import { runJob, type StepRunners } from '../../../src/jobs/job-file/run-job.js';
import { WHOLE_RUN } from '../../../src/jobs/job-file/shard.js';
import { ResumeError } from '../../../src/jobs/import/journal/resume-error.js';
import { readUndoIds } from './read-undo-ids.js';
import { readResults, startImportHarness, type ImportHarness, type ImportOutcome } from './start-import-harness.js';

/** Signals reach the commands of this file through it, as they reach the binary through `process`. */
const io = testIo();

const logger = pino({ level: 'silent' });

describe('resuming an import from its journal', () => {
  let harness: ImportHarness;
  let recordWrites: FaultScript | undefined;
  let businesses: Business[];
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 120 });
    recordWrites = harness.api.emulator.faults.script;
    businesses = harness.api.emulator.state.orgBusinesses(1);
  });
  afterEach(() => {
    harness.api.emulator.faults.script = recordWrites;
  });
  afterAll(() => harness.close());

  /** Rows renaming businesses [from, to) of the first organization. */
  function renameSheet(from: number, to: number, prefix: string): { csv: string; targets: Business[] } {
    const targets = businesses.slice(from, to);
    return { csv: ['business_id,name', ...targets.map((business, index) => `${business.id},${prefix} ${index}`)].join('\n'), targets };
  }

  /** Counts the POSTs each path receives, across runs; `onPost` sees the running total. */
  function countPosts(onPost: (total: number) => void = () => undefined): Map<string, number> {
    const posts = new Map<string, number>();
    let total = 0;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST') return undefined;
      posts.set(req.path, (posts.get(req.path) ?? 0) + 1);
      onPost(++total);
      return undefined;
    };
    return posts;
  }

  const onceEach = (targets: readonly Business[]) => new Map(targets.map((business) => [`/business/${business.id}`, 1]));
  const linesOf = (outcome: ImportOutcome) => outcome.results.map((row) => Number(row._row));

  it('after SIGTERM, the same command sends only the rows not done: every row applied exactly once overall', async () => {
    const { csv, targets } = renameSheet(0, 20, 'Term');
    const reportDir = join(harness.dir, 'sigterm');
    const posts = countPosts((total) => {
      if (total === 5) setImmediate(() => io.signals.emit('SIGTERM'));
    });
    let exitCode = 0;
    const context: StopContext = { io, logger, requestExit: (code) => (exitCode = Math.max(exitCode, code)) };
    let first: ImportOutcome | undefined;
    await withStopSignal(context, async (signal) => {
      first = await harness.runImport('businesses', csv, { reportDir, signal }, 'ORG_ADMIN', { ratePerMinute: 600, concurrency: 2 });
    });
    expect(exitCode).toBe(EXIT_CODES.terminated);
    const stopped = first?.summary.rows;
    expect(stopped?.skipped).toBeGreaterThan(0);
    expect(stopped?.updated).toBe(posts.size);

    expect(first?.summary.undo_files).toEqual(['undo.csv']);
    // Its undo file sets back only what it sent: rows it skipped are the next run's to change and to undo.
    const sentIds = [...posts.keys()].map((path) => path.replace('/business/', ''));
    expect((await readUndoIds(reportDir, ['undo.csv'])).sort()).toEqual(sentIds.sort());
    const second = await harness.runImport('businesses', csv, { reportDir });
    expect(second.summary.resumed).toBe(stopped?.updated);
    // The resumed run keeps the first run's undo file and writes its own beside it: the summary names both.
    expect(second.summary.undo_files).toEqual(['undo.csv', 'undo-2.csv']);
    expect(second.summary.rows).toMatchObject({ total: 20, updated: 20, skipped: 0 });
    expect(linesOf(second)).toEqual(targets.map((_, index) => index + 2));
    expect(posts).toEqual(onceEach(targets));
    expect(targets.map((business) => business.name)).toEqual(targets.map((_, index) => `Term ${index}`));
  });

  it('after a kill, sends again only the rows the journal lost, and still reports every row once', async () => {
    const { csv, targets } = renameSheet(20, 36, 'Kill');
    const reportDir = join(harness.dir, 'sigkill');
    const options = { reportDir, mode: 'patch' as const };
    const first = await harness.runImport('businesses', csv, options);
    expect(first.summary.rows.updated).toBe(16);
    // A kill after six outcomes were written, while the seventh was being written.
    const journal = join(reportDir, 'journal.jsonl');
    const [header = '', ...entries] = (await readFile(journal, 'utf8')).trim().split('\n');
    const kept = entries.slice(0, 6);
    await writeFile(journal, `${[header, ...kept].join('\n')}\n${(entries[6] ?? '').slice(0, 12)}`);
    const keptLines = new Set(kept.map((entry) => (JSON.parse(entry) as { line: number }).line));

    const posts = countPosts();
    const second = await harness.runImport('businesses', csv, options);
    const lost = targets.filter((_, index) => !keptLines.has(index + 2));
    expect(lost).toHaveLength(10);
    expect(posts).toEqual(onceEach(lost));
    expect(second.summary).toMatchObject({ resumed: 6, rows: { total: 16, updated: 16 } });
    expect(linesOf(second)).toEqual(targets.map((_, index) => index + 2));
    // The cut line is gone: a third run resumes every row.
    const third = await harness.runImport('businesses', csv, options);
    expect(third.summary.resumed).toBe(16);
  });

  it('journals each answer before more than the requests in flight are sent: a kill at any moment would send again only those', async () => {
    const { csv } = renameSheet(50, 80, 'Lag');
    const reportDir = join(harness.dir, 'lag');
    const concurrency = 3;
    const lags: number[] = [];
    countPosts((total) => {
      const journal = readFileSync(join(reportDir, 'journal.jsonl'), 'utf8');
      const journaled = journal.split('\n').filter((line) => line.includes('"status":"updated"')).length;
      // Sent before this request and not journaled: what a kill now would send again, besides this one.
      lags.push(total - 1 - journaled);
    });
    const { summary } = await harness.runImport('businesses', csv, { reportDir }, 'ORG_ADMIN', { concurrency });
    expect(summary.rows.updated).toBe(30);
    expect(lags).toHaveLength(30);
    expect(Math.max(...lags)).toBeLessThanOrEqual(concurrency);
  });

  it('sends again the rows refused for the key\'s rights (403) once it has them back, and keeps those refused for their values (400)', async () => {
    const { csv, targets } = renameSheet(80, 85, 'Rights');
    const reportDir = join(harness.dir, 'rights');
    const key = harness.api.emulator.state.keysBySecret.get(harness.api.emulator.keys.ORG_ADMIN);
    if (key === undefined) throw new Error('no ORG_ADMIN key');
    // The key may read, not write: every write is refused 403, Operation not allowed.
    Object.assign(key, { has_restricted_permissions: true, permissions: ['business_read', 'custom_fields_read'] });
    try {
      const refused = await harness.runImport('businesses', csv, { reportDir, mode: 'patch' });
      expect(refused.results.map((row) => row._http_status)).toEqual(targets.map(() => '403'));
    } finally {
      Object.assign(key, { has_restricted_permissions: false, permissions: [] });
    }
    // A journal written when a 403 was final holds its line: that row is sent again all the same.
    const journal = join(reportDir, 'journal.jsonl');
    expect(await readFile(journal, 'utf8')).not.toContain('"httpStatus":403');
    const earlier = { line: 2, status: 'failed', target: targets[0]?.id, httpStatus: 403, changes: [], errors: ['Operation not allowed'] };
    await writeFile(journal, `${await readFile(journal, 'utf8')}${JSON.stringify(earlier)}\n`);
    const posts = countPosts();
    const count = harness.api.emulator.faults.script;
    // Once the key may write, the service refuses the last row for its values.
    const refusedPath = `/business/${targets[4]?.id ?? ''}`;
    harness.api.emulator.faults.script = (n, req) => count?.(n, req) ?? (req.path === refusedPath ? { status: 400 } : undefined);
    const granted = await harness.runImport('businesses', csv, { reportDir, mode: 'patch' });
    expect(posts).toEqual(onceEach(targets));
    expect(granted.results.map((row) => row._http_status)).toEqual(['', '', '', '', '400']);
    posts.clear();
    const again = await harness.runImport('businesses', csv, { reportDir, mode: 'patch' });
    expect(posts.size).toBe(0);
    expect(again.summary).toMatchObject({ resumed: 5, rows: { updated: 4, failed: 1 } });
  });

  it('still refuses a second row for a business the interrupted run already sent', async () => {
    const [a, b] = businesses.slice(36, 38);
    const csv = ['business_id,name', `${a?.id ?? ''},First`, `${b?.id ?? ''},Second`, `${a?.id ?? ''},Again`].join('\n');
    const reportDir = join(harness.dir, 'duplicate');
    await harness.runImport('businesses', csv, { reportDir, mode: 'patch' });
    // Only the first row's outcome survived.
    const journal = join(reportDir, 'journal.jsonl');
    const [header = '', ...entries] = (await readFile(journal, 'utf8')).trim().split('\n');
    await writeFile(journal, `${[header, ...entries.filter((entry) => (JSON.parse(entry) as { line: number }).line === 2)].join('\n')}\n`);
    const posts = countPosts();
    const second = await harness.runImport('businesses', csv, { reportDir, mode: 'patch' });
    expect(posts).toEqual(new Map([[`/business/${b?.id ?? ''}`, 1]]));
    expect(second.results.map((row) => [row._row, row._status])).toEqual([
      ['2', 'updated'],
      ['3', 'updated'],
      ['4', 'invalid'],
    ]);
    expect(second.results[2]?._errors).toBe('business_id: the same business as row 2; give each business one row');
    expect(a?.name).toBe('First');
  });

  it('refuses a source that changed since the journal was written, and starts over with restart', async () => {
    const reportDir = join(harness.dir, 'changed');
    const before = await harness.runImport('businesses', renameSheet(38, 42, 'Before').csv, { reportDir });
    const changed = renameSheet(38, 42, 'After');
    await expect(harness.runImport('businesses', changed.csv, { reportDir })).rejects.toThrow(
      new ResumeError(reportDir, 'the source file changed since the journal was written'),
    );
    // The refusal comes before anything is written: the earlier report stays.
    expect(await readResults(reportDir)).toEqual(before.results);
    await expect(harness.runImport('businesses', changed.csv, { reportDir })).rejects.toThrow(
      `Could not resume the import in ${reportDir}: the source file changed since the journal was written. Run with --restart to start over, or use another --report directory.`,
    );
    const posts = countPosts();
    const restarted = await harness.runImport('businesses', changed.csv, { reportDir, restart: true });
    expect(restarted.summary).toMatchObject({ resumed: 0, rows: { total: 4, updated: 4 } });
    expect(posts).toEqual(onceEach(changed.targets));
  });

  it('refuses to resume with another date format, decimal separator, code-change rule or renames: they decide which rows were invalid or refused', async () => {
    const reportDir = join(harness.dir, 'other-settings');
    const { csv } = renameSheet(43, 45, 'Dated');
    await harness.runImport('businesses', csv, { reportDir });
    await expect(harness.runImport('businesses', csv, { reportDir, dateFormat: 'dd/mm/yyyy', decimalSeparator: 'comma', allowCodeChanges: true, renameColumns: new Map([['name', 'name']]) })).rejects.toThrow(
      new ResumeError(reportDir, 'the journal was written with other settings (date_format was none, now dd/mm/yyyy; decimal_separator was none, now comma; allow_code_changes was false, now true; rename_columns was none, now name=name)'),
    );
  });

  it('refuses to resume with another conflict rule: the conflicts journaled under the first would be kept, not sent as asked', async () => {
    const reportDir = join(harness.dir, 'other-conflict-rule');
    const { csv } = renameSheet(46, 48, 'Merged');
    await harness.runImport('businesses', csv, { reportDir });
    await expect(harness.runImport('businesses', csv, { reportDir, onConflict: 'overwrite' })).rejects.toThrow(
      new ResumeError(reportDir, 'the journal was written with other settings (on_conflict was skip, now overwrite)'),
    );
  });

  it('never blocks after a rehearsal: rehearse, edit, rehearse again, then import, in one report directory', async () => {
    const reportDir = join(harness.dir, 'rehearsals');
    const first = renameSheet(42, 45, 'Draft');
    const rehearsal = await harness.runImport('businesses', first.csv, { reportDir, dryRun: true });
    expect(rehearsal.summary).toMatchObject({ rows: { would_update: 3 } });
    // A rehearsal keeps no journal: nothing to resume, nothing to refuse.
    await expect(readFile(join(reportDir, 'journal.jsonl'))).rejects.toThrow(/ENOENT/);
    const edited = renameSheet(42, 45, 'Final');
    const again = await harness.runImport('businesses', edited.csv, { reportDir, dryRun: true });
    expect(again.results.map((row) => row._changes)).toEqual(edited.targets.map((business, index) => `name: '${business.name}' -> 'Final ${index}'`));
    const posts = countPosts();
    const real = await harness.runImport('businesses', edited.csv, { reportDir });
    expect(real.summary).toMatchObject({ resumed: 0, rows: { total: 3, updated: 3 } });
    expect(posts).toEqual(onceEach(edited.targets));
    // The last rehearsal's report is kept beside the run's, under dry-run/.
    expect(await readResults(join(reportDir, 'dry-run'))).toEqual(again.results);
  });

  it('refuses a rehearsal in the report of a real import: its journal and undo file stay', async () => {
    const reportDir = join(harness.dir, 'sent');
    const { csv } = renameSheet(45, 46, 'Sent');
    const real = await harness.runImport('businesses', csv, { reportDir });
    await expect(harness.runImport('businesses', csv, { reportDir, dryRun: true })).rejects.toThrow(
      `Could not use ${reportDir}: it holds the report of a real import (its journal, and the undo file of what it changed), which a rehearsal would overwrite. Rehearse with another --report directory.`,
    );
    expect(await readResults(reportDir)).toEqual(real.results);
  });

  it('resumes every resource: a finished services import run again sends nothing and reports the same', async () => {
    const [business] = businesses.slice(45, 46);
    const csv = ['business_id,code,service_id,price,description', `${business?.id ?? ''},,101,45,Cakes`, `${business?.id ?? ''},,999,1,`, ',NO-SUCH-CODE,101,1,', `${business?.id ?? ''},,abc,,`].join('\n');
    const reportDir = join(harness.dir, 'services');
    const first = await harness.runImport('services', csv, { reportDir });
    expect(first.results.map((row) => row._status)).toEqual(['updated', 'failed', 'failed', 'invalid']);
    const again = await harness.runImport('services', csv, { reportDir });
    expect(harness.writes).toEqual([]);
    expect(again.results).toEqual(first.results);
    // The row with no answer from the service (a store code not found) is looked up again.
    expect(again.summary).toMatchObject({ resumed: 3, requests: { writes: 0, reads: 1 } });
  });

  it('takes restart: true from a job step', async () => {
    const job = JobSchema.parse({ name: 'again', steps: [{ import: { resource: 'businesses', source: 'stores.csv', report: 'reports/stores', restart: true } }] });
    const seen: ImportOptions[] = [];
    const runners: StepRunners = {
      runImport: (_client, _resource, options) => {
        seen.push(options);
        return Promise.resolve({ partial: false, summary: {} });
      },
      runExport: () => Promise.reject(new Error('the job has no export step')),
    };
    const client = createApiClient({ baseUrl: harness.api.url, apiKey: harness.api.emulator.keys.ORG_ADMIN });
    await runJob(job, client, runners, { shard: WHOLE_RUN, dryRun: false, now: new Date() }, logger);
    await client.close();
    expect(seen.map((options) => options.restart)).toEqual([true]);
  });
});
