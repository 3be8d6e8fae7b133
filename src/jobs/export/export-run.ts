import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { AbortedError, ApiError } from '../../api/errors/api-error.js';
import { findStopCause } from '../../api/transport/find-stop-cause.js';
import { IgnoredRequestError } from '../../api/errors/ignored-request-error.js';
import type { OrgApi } from '../../api/org-api.js';
import { detectSheetFormat } from '../../sheets/index.js';
import { toExportFailure, writeExportFailures, type ExportFailure } from './export-failures.js';
import type { ExportOptions, ExportSummary } from './export-options.js';
import { mapInOrder } from './map-in-order.js';
import { findPageCap, ListingChecks } from '../listing-checks.js';
import { PageSpool } from './page-spool.js';

/** A paginated list: page 1 tells how many pages follow. */
export interface PageSource<Item> {
  /** Names the list in errors.csv and in `<out>.parts/`, e.g. `GET /user/{id}/businesses`. */
  readonly name: string;
  /** The page size asked, where the list takes one (`per_page`): a shorter page 1 that is not the last means the service caps it. */
  readonly perPage?: number;
  /** `perPage` is the source's own unless the service was found to give fewer; `signal` aborts once the page is no longer wanted. */
  fetch(page: number, perPage: number | undefined, signal: AbortSignal): Promise<FetchedPage<Item>>;
  /** Tells items apart: one listed again is dropped, and a page of an earlier page's items means the service ignored the page number. */
  idOf?(item: Item): string;
}

export interface FetchedPage<Item> {
  items: Item[];
  maxPage: number;
  /** The page the answer says it is, where it says: it must be the page asked. */
  page?: number;
  /** Items of the whole list, where the answer says: it must not change during the listing. */
  count?: number;
  /** Items the answer listed, readable or not; `items.length` by default. */
  size?: number;
  /** Requests made for the page's items that failed (services, attributes), items that did not read: such a page is requested again by a rerun. */
  failures?: ExportFailure[];
}

/** A page in `<out>.parts/`; an incomplete one is kept for the feedback sheets but requested again by a rerun. */
interface SavedPage<Item> {
  items: Item[];
  maxPage: number;
  incomplete?: true;
}

type PageAnswer<Item> = { saved: FetchedPage<Item> } | { fetched: FetchedPage<Item> } | { error: unknown } | { stopped: true };

/** A page asked for, and the means to cancel it. */
interface AskedPage<Item> {
  answer: Promise<PageAnswer<Item>>;
  controller: AbortController;
}

export interface LoadedPage<Item> {
  page: number;
  items: Item[];
}

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
  ) {}

  static async open(client: ApiClient, resource: string, options: ExportOptions, logger: Logger): Promise<ExportRun> {
    // An unsupported extension is refused before anything is requested or written.
    detectSheetFormat(options.out, 'write');
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
   * The pages of a list in order, `window` of them requested ahead of the one being written, so
   * that formatting and writing a page never leaves the budget idle; a failed page is recorded
   * and left out. `guess` pages after the first are requested with it, before it tells how many
   * there are: for long lists, where waiting a round trip for page 1 would idle the budget; a
   * guess past the last page is cancelled, as is every page asked ahead once the listing ends
   * early. Each answer is checked against its request (ListingChecks): a service that ignored the
   * page number stops the export.
   */
  async *readPages<Item>(source: PageSource<Item>, { window = PAGE_WINDOW, guess = 0 }: { window?: number; guess?: number } = {}): AsyncGenerator<LoadedPage<Item>> {
    const checks = new ListingChecks(source);
    try {
      yield* this.readCheckedPages(source, checks, window, guess);
    } catch (error) {
      // A contradiction found as pages are handed over in order stops the listing like one found in an answer.
      this.recordFailure(source.name, error);
    } finally {
      for (const warning of checks.warnings) this.logger.warn({ list: source.name }, warning);
      this.warnings.push(...checks.warnings);
    }
  }

  private async *readCheckedPages<Item>(source: PageSource<Item>, checks: ListingChecks<Item>, window: number, guess: number): AsyncGenerator<LoadedPage<Item>> {
    let perPage = source.perPage;
    // Pages asked and not yet handed over: those no longer wanted are cancelled, so that no request outlives the listing.
    const requested = new Map<number, AskedPage<Item>>();
    const request = (page: number): Promise<PageAnswer<Item>> => {
      const asked = requested.get(page) ?? this.askPage(source, page, perPage);
      requested.set(page, asked);
      return asked.answer;
    };
    const cancel = (pages: readonly number[]): void => {
      for (const page of pages) {
        requested.get(page)?.controller.abort();
        requested.delete(page);
      }
    };
    try {
      const firstAnswer = request(1);
      for (let page = 2; page <= 1 + guess; page++) void request(page);
      let first = await this.keepPage(source, 1, await firstAnswer, checks, perPage);
      const cap = first === undefined || perPage === undefined ? undefined : findPageCap({ size: first.size ?? first.items.length, maxPage: first.maxPage, count: first.count }, perPage);
      if (cap !== undefined) {
        // The service gives fewer per page than asked: pages asked with the size it gives skip no item.
        perPage = cap;
        this.cappedPerPage.set(source.name, perPage);
        this.logger.info({ list: source.name, perPage }, 'the service gives fewer items per page than asked: the list is read with its page size');
        cancel([...requested.keys()]);
        first = await this.keepPage(source, 1, await request(1), checks, perPage);
      }
      if (first === undefined) return;
      const { maxPage } = first;
      cancel([...requested.keys()].filter((page) => page > maxPage));
      this.pages.total += maxPage;
      const rest = Array.from({ length: maxPage - 1 }, (_, index) => index + 2);
      // The next pages are on their way before page 1 is written.
      for (const page of rest.slice(0, window)) void request(page);
      yield { page: 1, items: checks.admit(1, first.items) };
      this.countPage();
      const load = async (page: number): Promise<{ page: number; data: FetchedPage<Item> | undefined }> => {
        const answer = await request(page);
        requested.delete(page);
        return { page, data: await this.keepPage(source, page, answer, checks, perPage) };
      };
      for await (const loaded of mapInOrder(rest, window, load)) {
        if (loaded.data !== undefined) yield { page: loaded.page, items: checks.admit(loaded.page, loaded.data.items) };
        this.countPage();
      }
    } finally {
      // A listing that ended early (page 1 failed, the consumer stopped) wants none of the pages asked ahead.
      cancel([...requested.keys()]);
    }
  }

  // Past the yield: the consumer has written the page's rows.
  private countPage(): void {
    this.pages.done++;
    this.options.onProgress?.({ rows: this.rows, pages: { ...this.pages } });
  }

  /** A page `readPages` delivered, read again from `<out>.parts/` (feedback writes its sheets after reading every page). */
  async readSavedPage<Item>(source: PageSource<Item>, page: number): Promise<Item[]> {
    return (await this.spool.read<SavedPage<Item>>(spoolKey(source, this.cappedPerPage.get(source.name) ?? source.perPage), page))?.items ?? [];
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

  /** A value of an item that did not read and was written as it came: a warning line of errors.csv, no failure. */
  warn(requested: string, message: string): void {
    this.valueWarnings.push({ requested, message: `warning: ${message}` });
  }

  /** Writes errors.csv, removes the saved pages once nothing is missing, and sums up; a refused key is thrown after. */
  async finish(resource: string): Promise<ExportSummary> {
    const errorsFile = await writeExportFailures(this.options.out, [...this.failures, ...this.valueWarnings]);
    if (this.valueWarnings.length > 0) {
      this.warnings.push(`${this.valueWarnings.length} value(s) did not read and were written as the JSON text the service sent, each listed in ${errorsFile ?? ''}`);
    }
    const stopped = this.stopReason;
    // Pages of a service that ignored its requests are not worth resuming from.
    if ((this.failures.length === 0 && stopped === undefined) || this.stopCause instanceof IgnoredRequestError) await this.spool.remove();
    else this.logger.warn({ parts: this.spool.dir }, 'export incomplete: run the same command again to request only the missing pages');
    const finished = new Date();
    const { total } = this.client.readCounters();
    const summary: ExportSummary = {
      resource,
      out: this.options.out,
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
    this.logger.info({ rows: summary.rows, pages: summary.pages, failures: summary.failures, out: summary.out }, 'export finished');
    if (this.stopCause !== undefined) throw this.stopCause;
    return summary;
  }

  private askPage<Item>(source: PageSource<Item>, page: number, perPage: number | undefined): AskedPage<Item> {
    const controller = new AbortController();
    return { answer: this.requestPage(source, page, perPage, controller.signal), controller };
  }

  /**
   * A page's answer, saved or fetched, with nothing recorded yet: a guessed page may be dropped.
   * It never rejects: a page requested ahead and then dropped must not fail the process unseen.
   */
  private async requestPage<Item>(source: PageSource<Item>, page: number, perPage: number | undefined, signal: AbortSignal): Promise<PageAnswer<Item>> {
    if (this.stopReason !== undefined) return { stopped: true };
    try {
      const saved = await this.spool.read<SavedPage<Item>>(spoolKey(source, perPage), page);
      if (saved !== undefined && saved.incomplete !== true) return { saved };
      return { fetched: await source.fetch(page, perPage, signal) };
    } catch (error) {
      return { error };
    }
  }

  /** Checks a page's answer against its request, counts it, records its failures and saves it for a rerun. */
  private async keepPage<Item>(
    source: PageSource<Item>,
    page: number,
    answer: PageAnswer<Item>,
    checks: ListingChecks<Item>,
    perPage: number | undefined,
  ): Promise<FetchedPage<Item> | undefined> {
    if ('stopped' in answer) return undefined;
    const requested = `${source.name} page ${page}`;
    if ('error' in answer) {
      this.recordFailure(requested, answer.error);
      return undefined;
    }
    const data = 'saved' in answer ? answer.saved : answer.fetched;
    try {
      checks.checkAnswer(page, data);
    } catch (error) {
      this.recordFailure(requested, error);
      return undefined;
    }
    if ('saved' in answer) {
      this.resumed++;
      return answer.saved;
    }
    const { fetched } = answer;
    this.fetched++;
    const failures = fetched.failures ?? [];
    this.failures.push(...failures);
    const saved: SavedPage<Item> = { items: fetched.items, maxPage: fetched.maxPage, ...(failures.length === 0 ? {} : { incomplete: true }) };
    await this.spool.write(spoolKey(source, perPage), page, saved);
    return fetched;
  }
}

/** Pages asked with another page size hold other items: they are saved apart. */
function spoolKey(source: PageSource<unknown>, perPage: number | undefined): string {
  return perPage === undefined || perPage === source.perPage ? source.name : `${source.name} per_page ${perPage}`;
}
