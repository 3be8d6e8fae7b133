import { AskedPages, type SettledPage } from './asked-pages.js';
import { findPageCap, ListingChecks } from './listing-checks.js';
import type { ListingAnswer, ListingFinding, ListingSource } from './listing-source.js';

export interface ListingOptions {
  /** Pages asked ahead of the one handed over, so that handling a page never leaves the budget idle; 1 asks them one at a time. */
  window?: number;
  /** Pages after the first asked with it, before it tells how many there are (long lists): those past the last page are cancelled. */
  guess?: number;
  /** The last page wanted, however many the list has. */
  lastPage?: number;
  /** Takes a page whose request failed, which is then left out; without it, the failure ends the listing. */
  skipFailedPage?(page: number, error: unknown): void;
  /** Told what the listing found that does not stop it, as it finds it. */
  onFinding?(finding: ListingFinding): void;
}

/** A page handed over: its items not listed before, and the answer as the source read it. */
export interface ListedPage<Item, Answer> {
  page: number;
  items: Item[];
  answer: Answer;
}

/**
 * The pages of a list in order, each answer checked against its request (ListingChecks): a
 * contradiction is thrown as ListingError. A service found to cap the page size (findPageCap) is
 * asked with its own, so that no item is skipped. Pages asked ahead and no longer wanted (past the
 * last page, or once the listing ends early) are cancelled.
 */
export async function* readListing<Item, Answer extends ListingAnswer<Item>>(
  source: ListingSource<Item, Answer>,
  options: ListingOptions = {},
): AsyncGenerator<ListedPage<Item, Answer>> {
  const { window = 1, guess = 0, lastPage = Number.POSITIVE_INFINITY } = options;
  const checks = new ListingChecks<Item>(source, (finding) => options.onFinding?.(finding));
  const asked = new AskedPages(source, source.perPage);
  const accept = (page: number, settled: SettledPage<Answer>): Answer | undefined => {
    if ('answer' in settled) {
      checks.checkAnswer(page, settled.answer);
      return settled.answer;
    }
    if (options.skipFailedPage === undefined) throw settled.error;
    options.skipFailedPage(page, settled.error);
    return undefined;
  };
  try {
    const firstAnswer = asked.take(1);
    for (let page = 2; page <= Math.min(1 + guess, lastPage); page++) void asked.ask(page);
    let first = accept(1, await firstAnswer);
    const cap = first === undefined || asked.perPage === undefined ? undefined : findPageCap(first, asked.perPage);
    if (cap !== undefined) {
      // Pages asked with the size the service gives skip no item.
      options.onFinding?.({ check: 'page-cap', perPage: cap });
      asked.perPage = cap;
      asked.cancel();
      first = accept(1, await asked.take(1));
    }
    if (first === undefined) return;
    const last = Math.min(first.maxPage, lastPage);
    asked.cancel((page) => page > last);
    // While a page is handed over, the next `window` - 1 are on their way (`window` while page 1 is).
    const askAhead = (from: number): void => {
      for (let page = from; page < from + window && page <= last; page++) void asked.ask(page);
    };
    askAhead(2);
    yield { page: 1, items: checks.admit(1, first.items), answer: first };
    for (let page = 2; page <= last; page++) {
      askAhead(page);
      const answer = accept(page, await asked.take(page));
      if (answer !== undefined) yield { page, items: checks.admit(page, answer.items), answer };
    }
  } finally {
    asked.cancel();
  }
}
