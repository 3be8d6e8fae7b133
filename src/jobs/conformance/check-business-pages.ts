import type { OrgApi } from '../../api/org-api.js';
import { readField } from '../../api/checks/read-field.js';
import { PER_PAGE_MAX } from '../../api/facts/service-facts.js';
import type { ListingFinding } from '../listing/listing-source.js';
import { comparePages } from './compare-pages.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';
import { readTwoPages, toRawPage, type RawPage, type TwoPages } from './read-two-pages.js';

export interface BusinessPagesCheck {
  checks: ConformanceCheck[];
  /** The items of page 1 as sent: where the filter checks take their values. */
  firstPage: unknown[];
  /** Every business read, on page 1 and page 2, each once: the sample read with the client's schemas. */
  read: unknown[];
}

const PAGES_MEANING = {
  items: 'businesses',
  ignored: 'the service ignores the page number: an export would read page 1 over and over; listings stop with an error instead',
  overlap: 'pages overlap: an export drops the repeated businesses with a warning, and may miss others',
  ok: 'exports read every business once',
  failed: 'exports fail past page 1',
};

/**
 * Reads pages 1 and 2 at the largest per_page (of half the businesses each when one page holds
 * them all) as every listing does: the page number echoed, no business on both pages, the same
 * count and max_page, and the page size served.
 */
export async function checkBusinessPages(api: OrgApi): Promise<BusinessPagesCheck> {
  const listing = await readBusinessPages(api, PER_PAGE_MAX);
  const [one] = listing.pages;
  if (one === undefined) throw listing.error;
  const firstPage = one.items;
  const perPage = checkPerPage(one.answer, listing.findings);
  const { maxPage, count = 0 } = one.answer;
  if (maxPage < 2 && count < 2) {
    const why = 'the key reads fewer than 2 businesses';
    return { firstPage, read: firstPage, checks: [notChecked('business-pages', why), notChecked('page-counts', why), perPage] };
  }
  const pair = maxPage >= 2 ? listing : await readBusinessPages(api, Math.ceil(count / 2));
  // Each business once, by its id (an item without one is its own key): page 1 may have been read twice.
  const read = new Map([...firstPage, ...pair.pages.flatMap((page) => page.items)].map((item) => [readField(item, 'id') ?? item, item]));
  return { firstPage, read: [...read.values()], checks: [comparePages('business-pages', pair, PAGES_MEANING), compareCounts(pair), perPage] };
}

function readBusinessPages(api: OrgApi, perPage: number): Promise<TwoPages> {
  const fetch = async (page: number, size = perPage): Promise<RawPage> => {
    const answer = await api.searchBusinesses({ page, per_page: size });
    return toRawPage(answer, answer.businesses);
  };
  return readTwoPages('GET /business/search', fetch, perPage);
}

function compareCounts({ pages: [one, two], findings }: TwoPages): ConformanceCheck {
  if (one === undefined || two === undefined) return notChecked('page-counts', 'page 2 was not read');
  const [changed] = findings.flatMap((finding) => (finding.check === 'page-counts' ? [finding] : []));
  if (changed === undefined && one.answer.count === undefined) {
    return describeCheck('page-counts', 'warning', `page 1 gives no count (max_page ${one.answer.maxPage})`, 'exports read to max_page; `check` and shard plans count businesses by max_page at per_page=1');
  }
  if (changed === undefined) {
    return describeCheck('page-counts', 'ok', `count ${one.answer.count} and max_page ${one.answer.maxPage} on both pages`, 'an export knows from page 1 how much is left');
  }
  return describeCheck(
    'page-counts',
    'warning',
    changed.change,
    'businesses changed between two reads, or the service counts loosely: an export says so, and still holds each business once',
  );
}

function checkPerPage(first: RawPage, findings: readonly ListingFinding[]): ConformanceCheck {
  const [cap] = findings.flatMap((finding) => (finding.check === 'page-cap' ? [finding] : []));
  if (cap === undefined) {
    return describeCheck('per-page', 'ok', `per_page=${PER_PAGE_MAX} served ${first.items.length}${ofCount(first.count)} businesses`, `listings read ${PER_PAGE_MAX} businesses a request`);
  }
  return describeCheck(
    'per-page',
    'warning',
    `per_page=${PER_PAGE_MAX} served ${cap.perPage}${ofCount(first.count)} businesses, ${first.maxPage} pages: capped at ${cap.perPage}`,
    `listings take ${Math.ceil(PER_PAGE_MAX / cap.perPage)} times the requests; a page shorter than asked is read as a cap, not as the end`,
  );
}

/** ` of 160`, where the service counts the list. */
const ofCount = (count: number | undefined): string => (count === undefined ? '' : ` of ${count}`);
