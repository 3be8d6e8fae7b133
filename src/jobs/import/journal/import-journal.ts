import { appendFileSync, closeSync, openSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { toWriteError } from '../../../sheets/file/open-output.js';
import type { ReportedRow } from '../report/import-report.js';
import { toReportDirError } from '../report/create-report-dir.js';
import { openReportDir } from '../report/open-report-dir.js';
import { clearRehearsal, setRehearsalAside } from '../report/rehearsal-files.js';
import { ReportDirError } from '../report/report-dir-error.js';
import type { ReportDirLock } from '../report/report-dir-lock.js';
import type { ImportSettings, JournalEntry, JournalHeader } from './journal-schema.js';
import { readJournal } from './read-journal.js';
import { ResumeError } from './resume-error.js';

export const JOURNAL_FILE = 'journal.jsonl';
/** Client data: readable by its owner only. */
const OWNER_ONLY = 0o600;

/**
 * Outcomes decided without a write (unchanged, invalid, dry run) wait for a batch of this many
 * rows, or this long: a killed run decides them again, at the cost of reads only. Writes are
 * synchronous: a few dozen microseconds each.
 */
const FLUSH_ROWS = 50;
const FLUSH_MS = 1000;

export interface ImportJournalOptions {
  /** The report directory. */
  dir: string;
  source: string;
  /** The source's SHA-256, computed as the sheet was opened. */
  sha256: string;
  settings: ImportSettings;
  /** Forget what an earlier run journaled. */
  restart: boolean;
  /** Told when the lock of a killed run is taken over. */
  logger: Logger;
}

/**
 * `journal.jsonl` beside the report: a header (the source's SHA-256 and the settings), then one
 * line per row whose outcome is final, appended as the service answers (other outcomes in small
 * batches). The same import run again with the same report directory takes those outcomes
 * instead of sending the rows again.
 */
export interface ImportJournal {
  /** The outcome an earlier run journaled for the row at `line`, given once. */
  take(line: number): JournalEntry | undefined;
  /** Journals a final outcome: an answer of the service at once, other outcomes in batches. */
  append(row: ReportedRow): void;
  /** Writes the pending outcomes and closes the file; the report directory is free for another run. */
  close(): void;
}

/**
 * Resumes the journal of `dir` when its source and settings match, else refuses; starts a new one
 * when there is none, on restart, or after a rehearsal (whose report moves to `dry-run/`). A dry run
 * keeps no journal. The journal holds the report directory for its run: opened
 * first, it creates and locks the directory, and closing it unlocks it.
 */
export async function openImportJournal(options: ImportJournalOptions): Promise<ImportJournal> {
  try {
    const lock = await openReportDir(options.dir, options.logger);
    try {
      return await openJournalFile(options, lock);
    } catch (error) {
      lock.release();
      throw error;
    }
  } catch (error) {
    // Nothing written yet (the directory, its lock, the journal's header): not a run to resume.
    throw toReportDirError(error, options.dir) ?? error;
  }
}

async function openJournalFile(options: ImportJournalOptions, lock: ReportDirLock): Promise<ImportJournal> {
  const path = join(options.dir, JOURNAL_FILE);
  const header: JournalHeader = { journal: 1, source: options.source, sha256: options.sha256, settings: options.settings };
  const saved = await readJournal(path, options.dir);
  // A rehearsal has nothing to lose: it keeps no journal, and what it leaves never blocks another run.
  const rehearsed = saved === undefined || saved.header.settings.dry_run;
  if (options.settings.dry_run) {
    if (!rehearsed) throw new ReportDirError(options.dir, 'it holds the report of a real import (its journal, and the undo file of what it changed), which a rehearsal would overwrite', 'Rehearse with another --report directory.');
    await clearRehearsal(options.dir);
    return new RehearsalJournal(lock);
  }
  if (rehearsed) await setRehearsalAside(options.dir);
  if (rehearsed || options.restart) {
    const journal = new JournalFile(path, openSync(path, 'w', OWNER_ONLY), new Map(), lock);
    journal.write(`${JSON.stringify(header)}\n`);
    return journal;
  }
  checkResumable(saved.header, header, options.dir);
  // A line cut by a killed run goes, so that the next one starts on a line of its own.
  await truncate(path, saved.completeBytes);
  return new JournalFile(path, openSync(path, 'a', OWNER_ONLY), saved.entries, lock);
}

/** A dry run's journal: nothing to resume, nothing written; it holds the report directory all the same. */
class RehearsalJournal implements ImportJournal {
  constructor(private readonly lock: ReportDirLock) {}

  take(): undefined {
    return undefined;
  }

  append(): void {
    // A dry run is decided again in full by the next run: nothing to keep.
  }

  close(): void {
    this.lock.release();
  }
}

function checkResumable(saved: JournalHeader, current: JournalHeader, dir: string): void {
  if (saved.sha256 !== current.sha256) throw new ResumeError(dir, 'the source file changed since the journal was written');
  const keys = Object.keys(current.settings) as (keyof ImportSettings)[];
  const changed = keys.filter((key) => saved.settings[key] !== current.settings[key]);
  if (changed.length === 0) return;
  const described = changed.map((key) => `${key} was ${String(saved.settings[key] ?? 'none')}, now ${String(current.settings[key] ?? 'none')}`);
  throw new ResumeError(dir, `the journal was written with other settings (${described.join('; ')})`);
}

class JournalFile implements ImportJournal {
  private batch: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** A write the timer could not make: the next append or close() throws it. */
  private failure: Error | undefined;

  constructor(
    private readonly path: string,
    private readonly fd: number,
    private readonly saved: Map<number, JournalEntry>,
    private readonly lock: ReportDirLock,
  ) {}

  take(line: number): JournalEntry | undefined {
    const entry = this.saved.get(line);
    this.saved.delete(line);
    return entry;
  }

  append({ line, status, target, httpStatus, changes, errors }: ReportedRow): void {
    if (this.failure !== undefined) throw this.failure;
    this.batch.push(JSON.stringify({ line, status, target, httpStatus, changes, errors }));
    // An answer is written before anything else runs, so no further request leaves before it is on disk.
    if (status === 'updated' || httpStatus !== undefined || this.batch.length >= FLUSH_ROWS) this.flush();
    else
      this.timer ??= setTimeout(() => {
        try {
          this.flush();
        } catch (error) {
          this.failure = error instanceof Error ? error : new Error(String(error));
        }
      }, FLUSH_MS).unref();
  }

  close(): void {
    try {
      if (this.failure !== undefined) throw this.failure;
      this.flush();
    } finally {
      closeSync(this.fd);
      this.lock.release();
    }
  }

  /** Synchronous: an answer is on disk before anything else runs. A full disk is a user error. */
  write(text: string): void {
    try {
      appendFileSync(this.fd, text);
    } catch (error) {
      throw toWriteError(error, this.path);
    }
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.length === 0) return;
    const lines = this.batch;
    this.batch = [];
    this.write(`${lines.join('\n')}\n`);
  }
}
