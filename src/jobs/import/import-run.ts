import { join } from 'node:path';
import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { AbortedError, type ApiError } from '../../api/errors/api-error.js';
import { findStopCause } from '../../api/transport/find-stop-cause.js';
import { RetriesSpentError } from '../../api/errors/retries-spent-error.js';
import { SheetError } from '../../sheets/index.js';
import { writeOutputFile } from '../../sheets/file/write-output-file.js';
import { describeRowFailure, type ReadBack } from './describe-row-failure.js';
import type { ImportReport, ReportedRow } from './report/import-report.js';
import type { ImportOptions, ImportSummary, OrganizationTally } from './import-options.js';
import type { RunFacts } from './report/report-summary.js';
import type { ImportJournal } from './journal/import-journal.js';
import { isFinalOutcome, isProblem } from './row-status.js';
import { EmptySheetError } from './sheet/empty-sheet-error.js';
import { listUndoFiles } from './report/list-undo-files.js';
import { LockedFields } from './businesses/locked-fields.js';

/** Rows waiting for their request: enough to keep the queues busy without reading the whole file ahead. */
const MAX_ROWS_IN_FLIGHT = 500;

/**
 * What every import shares: the report and the journal, the request tallies, the reasons to stop
 * sending (an abort, a refused key, too many errors) and the rows still in flight.
 */
export class ImportRun {
  reads = 0;
  writes = 0;
  /** Rows whose outcome came from the journal of an earlier run. */
  resumed = 0;
  /** A job's shard: rows of organizations the other shards import. */
  otherShards = 0;
  /** Each organization's share, for the summary, when the import's requests went to several. */
  organizations: () => Record<string, OrganizationTally> | undefined = () => undefined;
  /** Business fields the service refuses to this run (edit_not_allowed), learned per organization for the rest of the run. */
  readonly lockedFields = new LockedFields();
  /**
   * Closes the files a row's work writes beside the report (a business import's plan or undo
   * file): once no row is in flight, before the report directory is freed, so that no next run
   * takes them for a killed run's.
   */
  closeFiles: () => Promise<void> = () => Promise.resolve();
  /** Columns of the sheet the user named to leave out (--ignore-columns), for the summary. */
  ignoredColumns: readonly string[] = [];
  /** The sheet reader's warnings, for the summary: the reader's own list, which a footer found at the end joins. */
  sheetWarnings: readonly string[] = [];
  /** What each row still to come reads, when that is no longer what rows have read so far (store codes searched one per request). */
  readsPerRowLeft: () => number | undefined = () => undefined;
  private problems = 0;
  private reported = 0;
  private readonly inFlight = new Set<Promise<void>>();
  /** A refused key, or a Retry-After too long to wait: the whole run stops, and says why. */
  private stopCause: ApiError | undefined;
  /** What a row's work could not do itself (write the report or the journal: a full disk): the run stops, and ends with it. */
  private failure: Error | undefined;
  private readonly startedAt = new Date();
  /** Aborts once the run stops: a write still waiting for its turn is not sent, only those in flight end. */
  private readonly halt = new AbortController();

  constructor(
    readonly client: ApiClient,
    readonly options: ImportOptions,
    readonly report: ImportReport,
    private readonly journal: ImportJournal,
    readonly logger: Logger,
  ) {}

  /** Why nothing more is sent, if so. */
  get stopReason(): string | undefined {
    if (this.stopCause !== undefined) return this.stopCause.message;
    if (this.failure !== undefined) return this.failure.message;
    if (this.options.signal?.aborted === true) return 'the import was stopped';
    const max = this.options.maxErrors;
    if (max !== undefined && this.problems > max) return `more than ${max} rows were invalid or failed (--max-errors)`;
    return undefined;
  }

  /** Reports a row's outcome, and journals it when a resumed run should keep it. */
  async record(row: ReportedRow): Promise<void> {
    const { notes, ...outcome } = row;
    const reported = notes === undefined ? outcome : { ...outcome, changes: [...notes, ...outcome.changes] };
    if (isFinalOutcome(reported.status, reported.httpStatus)) {
      try {
        this.journal.append(reported);
      } catch (error) {
        // A journal that takes no more (a full disk): no queued write may leave without its line.
        this.stopOn(error);
        throw error;
      }
    }
    await this.addToReport(reported);
  }

  /** Reports the outcome an earlier run journaled; it counts towards --max-errors as it did then. */
  async restore(row: ReportedRow): Promise<void> {
    this.resumed++;
    await this.addToReport(row);
  }

  /** Reports a row that will not be sent because the import stopped. */
  skip(row: Omit<ReportedRow, 'status' | 'errors' | 'changes'>): Promise<void> {
    return this.record({ ...row, status: 'skipped', changes: [], errors: [`not sent: ${this.stopReason ?? 'the import stopped'}`] });
  }

  /**
   * Sends a write and counts it once it has left. `send` makes its request with the signal given,
   * which aborts once the run stops: a write still waiting for its turn then is not sent, and not
   * counted (`requests.writes`), nor is one of an organization given up (RetriesSpentError).
   */
  async write<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      const answer = await send(this.halt.signal);
      this.writes++;
      return answer;
    } catch (error) {
      if (!(error instanceof AbortedError || error instanceof RetriesSpentError)) this.writes++;
      throw error;
    }
  }

  /** Runs a row's requests in the background (the work reports its row); waits when too many rows are in flight. */
  async dispatch(work: () => Promise<void>): Promise<void> {
    const tracked = work()
      .catch((error: unknown) => {
        this.stopOn(error);
      })
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    while (this.inFlight.size >= MAX_ROWS_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  /** Reports a row whose request failed; a refused key stops the import, a row not sent because of a stop is skipped. */
  async fail(row: Omit<ReportedRow, 'status' | 'errors' | 'changes' | 'httpStatus'>, error: unknown, identityColumn: string, readBack?: ReadBack): Promise<void> {
    // A file that cannot be written (the undo file on a full disk) is no row's failure: the run stops on it.
    if (error instanceof SheetError) throw error;
    this.stopCause ??= findStopCause(error);
    this.haltIfStopped();
    if (error instanceof AbortedError) {
      await this.skip(row);
      return;
    }
    this.logger.debug({ line: row.line, target: row.target, err: error }, 'row failed');
    const failure = describeRowFailure(error, this.report.columns, identityColumn, readBack);
    await this.record({ ...row, status: 'failed', httpStatus: failure.httpStatus, changes: [], errors: failure.errors });
  }

  /**
   * Waits for the rows in flight, closes the report, writes `summary.json` and closes the journal,
   * which frees the report directory; a refused key is thrown after.
   */
  async finish(resource: string): Promise<ImportSummary> {
    try {
      return await this.summarize(resource);
    } finally {
      this.journal.close();
    }
  }

  private async summarize(resource: string): Promise<ImportSummary> {
    await Promise.all(this.inFlight);
    await this.closeFiles().catch((error: unknown) => {
      this.stopOn(error);
    });
    if (this.failure !== undefined) {
      await this.report.discard();
      throw this.failure;
    }
    // A small file is read whole in a moment: a writer that finished later shows only now.
    const changed = this.options.source?.findChange();
    if (changed !== undefined) this.sheetWarnings = [...this.sheetWarnings, changed.message];
    // The report's Summary sheets show the facts, so the report closes once they are known.
    const facts = this.readFacts();
    const rows = await this.report.close(facts);
    const summary: ImportSummary = {
      resource,
      source: this.options.file,
      mode: this.options.mode,
      dry_run: this.options.dryRun,
      ...facts,
      rows,
      report_dir: this.report.dir,
    };
    const organizations = this.organizations();
    if (organizations !== undefined) summary.organizations = organizations;
    const undoFiles = await listUndoFiles(this.report.dir);
    if (undoFiles.length > 0) summary.undo_files = undoFiles;
    await writeOutputFile(join(this.report.dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    this.logger.info({ rows, resumed: this.resumed, requests: summary.requests, report: this.report.dir }, 'import finished');
    this.options.onSummary?.(summary);
    if (this.stopCause !== undefined) throw this.stopCause;
    if (changed !== undefined) throw changed;
    // A shard whose rows are all the other shards' has nothing to import, nor has a planning pass stopped before its first row; only a sheet without rows is empty.
    if (rows.total === 0 && this.otherShards === 0 && this.options.signal?.aborted !== true) throw new EmptySheetError(this.options.file, this.options.sheet, this.report.dialect.format);
    return summary;
  }

  private readFacts(): RunFacts {
    const finished = new Date();
    const { total } = this.client.readCounters();
    const stopped = this.stopReason;
    const lockedFields = this.lockedFields.list();
    return {
      started_at: this.startedAt.toISOString(),
      finished_at: finished.toISOString(),
      duration_s: Math.round((finished.getTime() - this.startedAt.getTime()) / 10) / 100,
      resumed: this.resumed,
      requests: { total: this.reads + this.writes, reads: this.reads, writes: this.writes, retries: total.retried, rate_limited: total.rateLimited },
      ...(stopped === undefined ? {} : { stopped }),
      ...(this.options.shardRows === undefined ? {} : { rows_other_shards: this.otherShards }),
      ...(lockedFields === undefined ? {} : { locked_fields: lockedFields }),
      ...(this.ignoredColumns.length === 0 ? {} : { ignored_columns: [...this.ignoredColumns] }),
      ...(this.sheetWarnings.length === 0 ? {} : { warnings: [...this.sheetWarnings] }),
    };
  }

  private async addToReport(row: ReportedRow): Promise<void> {
    if (isProblem(row.status)) {
      this.problems++;
      this.haltIfStopped();
    }
    const perRowLeft = this.readsPerRowLeft();
    this.options.onProgress?.({ rows: ++this.reported, resumed: this.resumed, ...(perRowLeft === undefined ? {} : { reads: { done: this.reads, perRowLeft } }) });
    await this.report.add(row);
  }

  /** What a row's work could not do itself: the run stops, and ends with it. */
  private stopOn(error: unknown): void {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
    this.haltIfStopped();
  }

  private haltIfStopped(): void {
    if (this.stopReason !== undefined) this.halt.abort();
  }

  /** After a job-level error while reading the sheet: the rows in flight end, what they did is journaled and reported. */
  async abandon(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    try {
      // Rows behind one that never came back are reported only now: a dry run's plan takes them before it closes.
      await this.report.close(this.readFacts());
    } finally {
      await this.closeFiles().finally(() => {
        this.journal.close();
      });
    }
  }
}
