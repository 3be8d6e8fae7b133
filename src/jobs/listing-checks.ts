import { createHash } from 'node:crypto';
import { IgnoredRequestError } from '../api/errors/ignored-request-error.js';
import type { FetchedPage, PageSource } from './export/export-run.js';

/**
 * What one listing's answers must agree on: each page is the page asked, `count` and `max_page`
 * stay those of page 1, an item comes once, and no page repeats an earlier one. A contradiction
 * that makes the list untrustworthy throws IgnoredRequestError; the others are told in `warnings`.
 */
export class ListingChecks<Item> {
  /** For the log and the export's summary. */
  readonly warnings: string[] = [];
  private first: Pick<FetchedPage<Item>, 'maxPage' | 'count'> | undefined;
  private changed = false;
  private readonly seen = new Set<string>();
  /** A digest of each page's items, to the page that held them. */
  private readonly pagesHeld = new Map<string, number>();

  constructor(private readonly source: Pick<PageSource<Item>, 'name' | 'idOf'>) {}

  /** A fetched answer, in any order: the page asked, and the list as page 1 described it. */
  checkAnswer(page: number, fetched: Pick<FetchedPage<Item>, 'maxPage' | 'page' | 'count'>): void {
    if (fetched.page !== undefined && fetched.page !== page) this.fail(`page ${page} was asked, and the service answered page ${fetched.page}`);
    if (page === 1) this.first = fetched;
    const first = this.first;
    if (first === undefined || this.changed) return;
    const maxPageChanged = fetched.maxPage !== first.maxPage;
    const countChanged = fetched.count !== undefined && first.count !== undefined && fetched.count !== first.count;
    if (!maxPageChanged && !countChanged) return;
    this.changed = true;
    this.warnings.push(
      `${this.source.name} changed during the export (count ${String(first.count)} then ${String(fetched.count)}, max_page ${first.maxPage} then ${fetched.maxPage}): ` +
        'each item is written once, but some may be missing; run the export again for a complete list',
    );
  }

  /** The items of the pages in list order: an item seen already is dropped; a page of the very items of an earlier one stops the listing. */
  admit(page: number, items: readonly Item[]): Item[] {
    const { idOf } = this.source;
    if (idOf === undefined || items.length === 0) return [...items];
    const ids = items.map((item) => idOf(item));
    const digest = createHash('sha256').update([...ids].sort().join('\n')).digest('hex');
    const earlier = this.pagesHeld.get(digest);
    if (earlier !== undefined) this.fail(`page ${page} holds the same items as page ${earlier}: the service ignored the page number`);
    this.pagesHeld.set(digest, page);
    const fresh = items.filter((_item, index) => {
      const id = ids[index] ?? '';
      if (this.seen.has(id)) return false;
      this.seen.add(id);
      return true;
    });
    if (fresh.length < items.length) {
      this.warnings.push(`${this.source.name} page ${page} listed ${items.length - fresh.length} item(s) of an earlier page again: each is written once`);
    }
    return fresh;
  }

  private fail(what: string): never {
    const [method = 'GET', path = this.source.name] = this.source.name.split(' ');
    throw new IgnoredRequestError({ method, path }, what);
  }
}

/** What page 1 of a listing says of its size: the items it holds, and what the service says is left. */
export interface FirstPageSize {
  size: number;
  maxPage: number;
  count?: number | undefined;
}

/**
 * The page size a service that caps `per_page` gives: page 1 shorter than the size asked while more
 * items follow. Undefined when it serves what was asked (or page 1 is the whole list).
 */
export function findPageCap(first: FirstPageSize, asked: number): number | undefined {
  const { size, maxPage, count } = first;
  return size > 0 && size < asked && (maxPage > 1 || (count ?? 0) > size) ? size : undefined;
}
