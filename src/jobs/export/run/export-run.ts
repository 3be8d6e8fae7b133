import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import { AbortedError, ApiError } from '../../../api/errors/api-error.js';
import { findStopCause } from '../../../api/transport/find-stop-cause.js';
import { IgnoredRequestError } from '../../../api/errors/ignored-request-error.js';
import type { OrgApi } from '../../../api/org-api.js';
import { detectSheetFormat } from '../../../sheets/index.js';
import { toExportFailure, writeExportFailures, type ExportFailure } from './export-failures.js';
import { PIPED_OUTPUT, type ExportOptions, type ExportSummary } from '../export-options.js';
import type { ListingAnswer, ListingFinding, ListingSource } from '../../listing/listing-source.js';
import { readListing, type ListedPage } from '../../listing/read-listing.js';
import { PageSpool } from './page-spool.js';
import { removeStaleParts } from './remove-stale-parts.js';
import { subtractCounters, type RequestCounters } from '../../../api/pacing/request-counters.js';
import type { ExportFile } from '../file/open-export-file.js';

export type FetchedPage<Item> = ListingAnswer<Item> & {
  /** Requests made for the page's items that failed (services, attributes), items that did not read: such a page is requested again by a rerun. */
  failures?: ExportFailure[];
};

/** A list an export reads; its name also names it in errors.csv and in `<out>.parts/`. */
export type PageSource<Item> = ListingSource<Item, FetchedPage<Item>>;

/** A page in `<out>.parts/`; an incomplete one is kept for the feedback sheets but requested again by a rerun. */
/** With its `count`, so that a continued export tells a list that changed since (page 1 read from disk, the others asked). */
type SavedPage<Item> = Pick<FetchedPage<Item>, 'items' | 'maxPage' | 'count'> & { incomplete?: true };

/** A page's answer, `resumed` when read from `<out>.parts/`. */
type SpooledPage<Item> = FetchedPage<Item> & { resumed?: true };

/** Pages fetched ahead of the one being written: enough to keep the organization's queue busy. */
const PAGE_WINDOW = 16;

/**
 * What every export shares: the organization's endpoints (one pacer for the whole job), the pages
 * saved for a rerun, the failures that become `<out>.errors.csv`, and the reasons to stop.
 */
export class ExportRun {
  rows = 0;
  private readonly failures: ExportFailure[] = [];
  /** Values written as JSON text because they did not read: errors.csv lists them, the rows are written. */
  private readonly valueWarnings: ExportFailure[] = [];
  private fetched = 0;
  private resumed = 0;
  /** A refused key, a Retry-After too long to wait, an answer that ignored its request: the whole run stops, and says why. */
  private stopCause: ApiError | undefined;
  private readonly startedAt = new Date();
  /** Told in the summary: a list that changed during the export, items listed twice. */
  private readonly warnings: string[] = [];
  private readonly pages = { done: 0, total: 0 };
  /** The page size of each list the service was found to cap, under which its pages are saved. */
  private readonly cappedPerPage = new Map<string, number>();

  private constructor(
    readonly api: OrgApi,
    private readonly client: ApiClient,
    private readonly options: ExportOptions,
    private readonly spool: PageSpool,
    private readonly logger: Logger,
  ) {
    this.countersAtStart = client.readCounters().total;
  }

  /** The client's counters as the export starts: a job's steps share one client, and each step reports its own requests. */
  private readonly countersAtStart: RequestCounters;

  static async open(client: ApiClient, resource: string, options: ExportOptions, logger: Logger): Promise<ExportRun> {
    // An unsupported extension is refused before anything is requested or written.
    detectSheetFormat(options.out, 'write');
    // Piped, `out` is in a temporary folder, and so are its pages: feedback writes from them.
    const spool = await PageSpool.open(options.out, { resource, orgId: options.orgId ?? null, filters: options.filters });
    if (spool.resumed) logger.info({ parts: spool.dir }, 'continuing an earlier export: pages saved then are read from disk');
    return new ExportRun(client.org(options.orgId), client, options, spool, logger);
  }

  /** Why no more requests are sent, if so. */
  get stopReason(): string | undefined {
    if (this.stopCause !== undefined) return this.stopCause.message;
    return this.options.signal?.aborted === true ? 'the export was stopped' : undefined;
  }

  /**
   * The pages of a list in order (readListing), `window` of them requested ahead of the one being
   * written, so that formatting and writing a page never leaves the budget idle; a failed page is
   * recorded and left out. `guess` pages after the first are requested with it: for long lists,
   * where waiting a round trip for page 1 would idle the budget. A page saved by an earlier run is
   * read from `<out>.parts/`; an answer that contradicts its request stops the export.
   */
  async *readPages<Item>(source: PageSource<Item>, { window = PAGE_WINDOW, guess = 0 }: { window?: number; guess?: number } = {}): AsyncGenerator<ListedPage<Item, FetchedPage<Item>>> {
    const pages = readListing(this.spooled(source), {
      window,
      guess,
      skipFailedPage: (page, error) => {
        this.recordFailure(`${source.name} page ${page}`, error);
        // A failed page 1 ends the listing before it tells how many pages there are.
        if (page > 1) this.countPage();
      },
      onFinding: (finding) => {
        this.noteFinding(source, finding);
      },
    });
    try {
      for await (const listed of pages) {
        if (listed.page === 1) this.pages.total += listed.answer.maxPage;
        await this.keepPage(source, listed.page, listed.answer);
        yield listed;
        this.countPage();
      }
    } catch (error) {
      // An answer that contradicts its request ends the listing, and stops the export.
      this.recordFailure(source.name, error);
    }
  }

  // Past the yield: the consumer has written the page's rows.
  private countPage(): void {
    this.pages.done++;
    this.options.onProgress?.({ rows: this.rows, pages: { ...this.pages } });
  }

  /**
   * Writes the export's file with `write`, and puts it at its path only once whole: an export that
   * stopped (a refused key, an ignored filter, a signal) or failed removes it, so that the path keeps
   * the last whole export rather than a header and some rows. Its pages stay for the rerun.
   */
  async writeFile(file: ExportFile, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      await file.discard();
      throw error;
    }
    await (this.stopReason === undefined ? file.close() : file.discard());
  }

  /** A page `readPages` delivered, read again from `<out>.parts/` (feedback writes its sheets after reading every page). */
  async readSavedPage<Item>(source: PageSource<Item>, page: number): Promise<Item[]> {
    return (await this.spool.read<SavedPage<Item>>(this.savedKey(source), page))?.items ?? [];
  }

  /** A failed request: an API error becomes a row of errors.csv, a refused key stops the export, a stop is no failure. */
  recordFailure(requested: string, error: unknown): void {
    const stopCause = findStopCause(error);
    if (stopCause !== undefined) {
      this.stopCause ??= stopCause;
      return;
    }
    if (error instanceof AbortedError) return;
    if (!(error instanceof ApiError)) throw error;
    this.logger.debug({ requested, err: error }, 'request failed');
    this.failures.push(toExportFailure(requested, error));
  }

  /** A value or an item that did not read, written as it came or left out (the message says which), or a cell too long for a spreadsheet: a warning line of errors.csv, no failure. */
  warn(requested: string, message: string): void {
    this.valueWarnings.push({ requested, message: `warning: ${message}` });
  }

  /** An export to standard output has no file beside it: each failure is a log record. */
  private logFailures(failures: readonly ExportFailure[]): null {
    for (const { requested, status, message } of failures) this.logger.warn({ requested, ...(status === undefined ? {} : { status }) }, message);
    return null;
  }

  /** Writes errors.csv, removes the saved pages once nothing is missing, and sums up; a refused key is thrown after. */
  async finish(resource: string): Promise<ExportSummary> {
    const failures = [...this.failures, ...this.valueWarnings];
    const errorsFile = this.options.piped === true ? this.logFailures(failures) : await writeExportFailures(this.options.out, failures);
    if (this.valueWarnings.length > 0) {
      this.warnings.push(`${this.valueWarnings.length} value(s) did not read or do not fit a spreadsheet cell, each listed in ${errorsFile ?? 'the log'} with what was done with it`);
    }
    const stopped = this.stopReason;
    // Pages of a service that ignored its requests are not worth resuming from.
    if (this.failures.length === 0 && stopped === undefined) {
      await this.spool.remove();
      const { out, outPattern, orgId } = this.options;
      if (outPattern !== undefined) await removeStaleParts({ out, pattern: outPattern, resource, orgId, logger: this.logger });
    } else if (this.stopCause instanceof IgnoredRequestError) await this.spool.remove();
    else if (stopped === undefined && this.failures.every(isRefusal)) {
      this.logger.warn('export incomplete: the service refused or did not find what was asked (see each failure): running it again gets the same answer until that is corrected');
    } else if (this.options.piped === true) this.logger.warn('export incomplete: run it again to export what is missing (an export to standard output keeps nothing for a rerun)');
    else this.logger.warn({ parts: this.spool.dir }, 'export incomplete: run the same command again to request only the missing pages');
    const finished = new Date();
    const total = subtractCounters(this.client.readCounters().total, this.countersAtStart);
    const summary: ExportSummary = {
      resource,
      out: this.options.piped === true ? PIPED_OUTPUT : this.options.out,
      rows: this.rows,
      pages: { fetched: this.fetched, resumed: this.resumed },
      failures: this.failures.length,
      errors_file: errorsFile,
      requests: { sent: total.sent, retries: total.retried, rate_limited: total.rateLimited },
      started_at: this.startedAt.toISOString(),
      finished_at: finished.toISOString(),
      duration_s: Math.round((finished.getTime() - this.startedAt.getTime()) / 10) / 100,
      ...(stopped === undefined ? {} : { stopped }),
      ...(this.warnings.length === 0 ? {} : { warnings: this.warnings }),
    };
    const counts = { rows: summary.rows, pages: summary.pages, failures: summary.failures, out: summary.out };
    // A stopped export's file is discarded (writeFile): its rows were read, not written.
    if (stopped === undefined) this.logger.info(counts, 'export finished');
    else this.logger.warn(counts, `export stopped: nothing was written to ${this.options.piped === true ? 'standard output' : this.options.out}`);
    this.options.onSummary?.(summary);
    if (this.stopCause !== undefined) throw this.stopCause;
    return summary;
  }

  /** `source` with the pages an earlier run saved read from disk, and none asked once the export stops. */
  private spooled<Item>(source: PageSource<Item>): ListingSource<Item, SpooledPage<Item>> {
    return {
      ...source,
      fetch: async (page, perPage, signal) => {
        if (this.stopReason !== undefined) throw new AbortedError(this.stopCause);
        const saved = await this.spool.read<SavedPage<Item>>(spoolKey(source, perPage), page);
        if (saved !== undefined && saved.incomplete !== true) return { ...saved, resumed: true };
        return source.fetch(page, perPage, signal);
      },
    };
  }

  /** Counts a page handed over, records its failures and saves it for a rerun. */
  private async keepPage<Item>(source: PageSource<Item>, page: number, answer: SpooledPage<Item>): Promise<void> {
    if (answer.resumed === true) {
      this.resumed++;
      return;
    }
    this.fetched++;
    const failures = answer.failures ?? [];
    this.failures.push(...failures);
    const saved: SavedPage<Item> = { items: answer.items, maxPage: answer.maxPage, count: answer.count, ...(failures.length === 0 ? {} : { incomplete: true }) };
    await this.spool.write(this.savedKey(source), page, saved);
  }

  /** Where the pages `readPages` delivered are saved: under the page size they were asked with. */
  private savedKey(source: PageSource<unknown>): string {
    return spoolKey(source, this.cappedPerPage.get(source.name) ?? source.perPage);
  }

  /** A capped page size is followed (and its pages saved under it); a list that changed, or items listed twice, are told in the summary. */
  private noteFinding(source: PageSource<unknown>, finding: ListingFinding): void {
    if (finding.check === 'page-cap') {
      this.cappedPerPage.set(source.name, finding.perPage);
      this.logger.info({ list: source.name, perPage: finding.perPage }, 'the service gives fewer items per page than asked: the list is read with its page size');
      return;
    }
    const warning =
      finding.check === 'page-counts'
        ? `${source.name} changed during the export (${finding.change}): each item is written once, but some may be missing; run the export again for a complete list`
        : `${source.name} page ${finding.page} listed ${finding.ids.length} item(s) of an earlier page again: each is written once`;
    this.logger.warn({ list: source.name }, warning);
    this.warnings.push(warning);
  }
}

/** Pages asked with another page size hold other items: they are saved apart. */
function spoolKey(source: PageSource<unknown>, perPage: number | undefined): string {
  return perPage === undefined || perPage === source.perPage ? source.name : `${source.name} per_page ${perPage}`;
}

/** An answer a rerun gets again: a request refused, or an id the service does not know (`--user usr_typo`). */
function isRefusal(failure: ExportFailure): boolean {
  return failure.status === 400 || failure.status === 403 || failure.status === 404;
}
