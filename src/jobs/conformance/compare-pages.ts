import { ListingError } from '../listing/listing-checks.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';
import { observeFailure } from './observe-failure.js';
import type { TwoPages } from './read-two-pages.js';

/** What the list's items are called (`businesses`), and what each outcome means for the runs that read it. */
type PagesMeaning = Record<'items' | 'ignored' | 'overlap' | 'ok' | 'failed', string>;

/** Pages 1 and 2 as readListing judged them: the page asked answered, and no item on both. */
export function comparePages(id: 'business-pages' | 'feedback-pages', listing: TwoPages, meaning: PagesMeaning): ConformanceCheck {
  const { error } = listing;
  if (error instanceof ListingError) return describeCheck(id, 'blocking', describeContradiction(error, meaning.items), meaning.ignored);
  if (error !== undefined) return observeFailure(id, error, meaning.failed);
  if (listing.pages.length < 2) return notChecked(id, 'the list has one page');
  const [repeated] = listing.findings.flatMap((finding) => (finding.check === 'duplicates' ? [finding] : []));
  if (repeated !== undefined) {
    const { page, ids } = repeated;
    return describeCheck(id, 'blocking', `page ${page} repeats ${ids.length} of the ${meaning.items} listed before (${ids.slice(0, 3).join(', ')})`, meaning.overlap);
  }
  return describeCheck(id, 'ok', `pages 1 and 2 answered as asked, with different ${meaning.items}`, meaning.ok);
}

function describeContradiction({ check, page, answered }: ListingError, items: string): string {
  if (check === 'repeated-page') return `page ${page} holds the same ${items} as page ${answered}`;
  return page === 1 ? `asked page 1, answered page ${answered}` : `asked pages 1 and 2, answered pages 1 and ${answered}`;
}
