import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { AbortedError, ApiError } from '../../api/api-error.js';
import { findStopCause } from '../../api/find-stop-cause.js';
import type { OrgApi } from '../../api/org-api.js';
import { detectSheetFormat } from '../../sheets/index.js';
import { toExportFailure, writeExportFailures, type ExportFailure } from './export-failures.js';
import type { ExportOptions, ExportSummary } from './export-options.js';
import { mapInOrder } from './map-in-order.js';
import { PageSpool } from './page-spool.js';

/** A paginated list: page 1 tells how many pages follow. */
export interface PageSource<Item> {
  /** Names the list in errors.csv and in `<out>.parts/`, e.g. `GET /user/{id}/businesses`. */
  readonly name: string;
  fetch(page: number): Promise<FetchedPage<Item>>;
}

export interface FetchedPage<Item> {
  items: Item[];
  maxPage: number;
  /** Requests made for the page's items that failed (services, attributes): such a page is not saved. */
  failures?: ExportFailure[];
}

type PageAnswer<Item> = { saved: FetchedPage<Item> } | { fetched: FetchedPage<Item> } | { error: unknown } | { stopped: true };

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
  private fetched = 0;
  private resumed = 0;
  /** A refused key, or a Retry-After too long to wait: the whole run stops, and says why. */
  private stopCause: ApiError | undefined;
  private readonly startedAt = new Date();
  private readonly changedLists = new Set<string>();
  private readonly pages = { done: 0, total: 0 };

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
   * guess past the last page is dropped unread.
   */
  async *readPages<Item>(source: PageSource<Item>, { window = PAGE_WINDOW, guess = 0 }: { window?: number; guess?: number } = {}): AsyncGenerator<LoadedPage<Item>> {
    const requested = new Map<number, Promise<PageAnswer<Item>>>();
    const request = (page: number): Promise<PageAnswer<Item>> => {
      const answer = requested.get(page) ?? this.requestPage(source, page);
      requested.set(page, answer);
      return answer;
    };
    const firstAnswer = request(1);
    for (let page = 2; page <= 1 + guess; page++) void request(page);
    const first = await this.keepPage(source, 1, await firstAnswer);
    if (first === undefined) return;
    this.pages.total += first.maxPage;
    const rest = Array.from({ length: first.maxPage - 1 }, (_, index) => index + 2);
    // The next pages are on their way before page 1 is written.
    for (const page of rest.slice(0, window)) void request(page);
    yield { page: 1, items: first.items };
    this.countPage();
    const load = async (page: number): Promise<{ page: number; data: FetchedPage<Item> | undefined }> => {
      const answer = await request(page);
      requested.delete(page);
      return { page, data: await this.keepPage(source, page, answer, first.maxPage) };
    };
    for await (const loaded of mapInOrder(rest, window, load)) {
      if (loaded.data !== undefined) yield { page: loaded.page, items: loaded.data.items };
      this.countPage();
    }
  }

  // Past the yield: the consumer has written the page's rows.
  private countPage(): void {
    this.pages.done++;
    this.options.onProgress?.({ rows: this.rows, pages: { ...this.pages } });
  }

  /** A page `readPages` delivered, read again from `<out>.parts/` (feedback writes its sheets after reading every page). */
  async readSavedPage<Item>(source: PageSource<Item>, page: number): Promise<Item[]> {
    return (await this.spool.read<FetchedPage<Item>>(source.name, page))?.items ?? [];
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

  /** Writes errors.csv, removes the saved pages once nothing is missing, and sums up; a refused key is thrown after. */
  async finish(resource: string): Promise<ExportSummary> {
    const errorsFile = await writeExportFailures(this.options.out, this.failures);
    const stopped = this.stopReason;
    if (this.failures.length === 0 && stopped === undefined) await this.spool.remove();
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
    };
    this.logger.info({ rows: summary.rows, pages: summary.pages, failures: summary.failures, out: summary.out }, 'export finished');
    if (this.stopCause !== undefined) throw this.stopCause;
    return summary;
  }

  /** A page's answer, saved or fetched, with nothing recorded yet: a guessed page may be dropped. */
  private async requestPage<Item>(source: PageSource<Item>, page: number): Promise<PageAnswer<Item>> {
    if (this.stopReason !== undefined) return { stopped: true };
    const saved = await this.spool.read<FetchedPage<Item>>(source.name, page);
    if (saved !== undefined) return { saved };
    try {
      return { fetched: await source.fetch(page) };
    } catch (error) {
      return { error };
    }
  }

  /** Counts a page's answer, records its failures and saves it for a rerun. */
  private async keepPage<Item>(source: PageSource<Item>, page: number, answer: PageAnswer<Item>, expectedMaxPage?: number): Promise<FetchedPage<Item> | undefined> {
    if ('stopped' in answer) return undefined;
    if ('saved' in answer) {
      this.resumed++;
      return answer.saved;
    }
    if ('error' in answer) {
      this.recordFailure(`${source.name} page ${page}`, answer.error);
      return undefined;
    }
    const { fetched } = answer;
    this.fetched++;
    this.warnIfListChanged(source, fetched.maxPage, expectedMaxPage);
    const failures = fetched.failures ?? [];
    this.failures.push(...failures);
    if (failures.length === 0) await this.spool.write(source.name, page, { items: fetched.items, maxPage: fetched.maxPage });
    return fetched;
  }

  // Pages are read at different times: a list that grows or shrinks meanwhile shifts its pages.
  private warnIfListChanged(source: PageSource<unknown>, maxPage: number, expected: number | undefined): void {
    if (expected === undefined || maxPage === expected || this.changedLists.has(source.name)) return;
    this.changedLists.add(source.name);
    this.logger.warn({ list: source.name, pages: maxPage, expected }, 'the list changed during the export: rows may be missing or repeated');
  }
}
