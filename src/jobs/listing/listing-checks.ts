import { createHash } from 'node:crypto';
import { IgnoredRequestError } from '../../api/errors/ignored-request-error.js';
import type { ListingAnswer, ListingFinding, ListingSource } from './listing-source.js';

/** A page of a listing answered as another (`answered`): a different page number, or the items of an earlier page. */
export class ListingError extends IgnoredRequestError {
  override name = 'ListingError';

  constructor(list: string, readonly check: 'page-echo' | 'repeated-page', readonly page: number, readonly answered: number) {
    const [method = 'GET', path = list] = list.split(' ');
    const what = check === 'page-echo' ? `was asked, and the service answered page ${answered}` : `holds the same items as page ${answered}: the service ignored the page number`;
    super({ method, path }, `page ${page} ${what}`);
  }
}

/**
 * What one listing's answers, taken in page order, must agree on: each page is the page asked,
 * `count` and `max_page` stay those of page 1, an item comes once, and no page repeats an earlier
 * one. A contradiction that makes the list untrustworthy throws ListingError; the others are reported.
 */
export class ListingChecks<Item> {
  private first: Pick<ListingAnswer<Item>, 'maxPage' | 'count'> | undefined;
  private changed = false;
  private readonly seen = new Set<string>();
  /** A digest of each page's items, to the page that held them. */
  private readonly pagesHeld = new Map<string, number>();

  constructor(
    private readonly source: Pick<ListingSource<Item>, 'name' | 'idOf'>,
    private readonly report: (finding: ListingFinding) => void,
  ) {}

  /** The page asked, and the list as page 1 described it. */
  checkAnswer(page: number, answer: Pick<ListingAnswer<Item>, 'maxPage' | 'page' | 'count'>): void {
    if (answer.page !== undefined && answer.page !== page) throw new ListingError(this.source.name, 'page-echo', page, answer.page);
    if (page === 1) this.first = answer;
    const first = this.first;
    if (first === undefined || this.changed) return;
    const maxPageChanged = answer.maxPage !== first.maxPage;
    const countChanged = answer.count !== undefined && first.count !== undefined && answer.count !== first.count;
    if (!maxPageChanged && !countChanged) return;
    this.changed = true;
    // A page without count (one a service left it out of, one saved before pages kept it) says only max_page.
    const counts = answer.count === undefined || first.count === undefined ? '' : `count ${first.count} then ${answer.count}, `;
    this.report({ check: 'page-counts', page, change: `${counts}max_page ${first.maxPage} then ${answer.maxPage}` });
  }

  /** The items of the pages in list order: an item seen already is dropped; a page of the very items of an earlier one stops the listing. */
  admit(page: number, items: readonly Item[]): Item[] {
    const { idOf } = this.source;
    if (idOf === undefined || items.length === 0) return [...items];
    const ids = items.map((item) => idOf(item));
    const digest = createHash('sha256').update([...ids].sort().join('\n')).digest('hex');
    const earlier = this.pagesHeld.get(digest);
    if (earlier !== undefined) throw new ListingError(this.source.name, 'repeated-page', page, earlier);
    this.pagesHeld.set(digest, page);
    const again: string[] = [];
    const fresh = items.filter((_item, index) => {
      const id = ids[index] ?? '';
      if (!this.seen.has(id)) {
        this.seen.add(id);
        return true;
      }
      again.push(id);
      return false;
    });
    if (again.length > 0) this.report({ check: 'duplicates', page, ids: again });
    return fresh;
  }
}

/**
 * The page size a service that caps `per_page` gives: page 1 shorter than the size asked while more
 * items follow. Undefined when it serves what was asked (or page 1 is the whole list).
 */
export function findPageCap(first: ListingAnswer<unknown>, asked: number): number | undefined {
  const size = first.size ?? first.items.length;
  return size > 0 && size < asked && (first.maxPage > 1 || (first.count ?? 0) > size) ? size : undefined;
}
