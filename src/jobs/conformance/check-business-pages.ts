import type { OrgApi } from '../../api/org-api.js';
import { readField } from '../../api/checks/read-field.js';
import type { BusinessPage } from '../../api/schemas/business-results.js';
import { PER_PAGE_MAX } from '../../api/facts/service-facts.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';
import { idsOf, rawItems } from './raw-items.js';

export interface BusinessPagesCheck {
  checks: ConformanceCheck[];
  /** The items of page 1 as sent: where the filter checks take their values. */
  firstPage: unknown[];
  /** Every business read, on page 1 and page 2, each once: the sample read with the client's schemas. */
  read: unknown[];
}

/**
 * Reads page 1 at the largest per_page, then page 2 (of half the businesses each when one page
 * holds them all): the page number echoed, no business on both pages, the same count and max_page.
 */
export async function checkBusinessPages(api: OrgApi): Promise<BusinessPagesCheck> {
  const first = await api.searchBusinesses({ page: 1, per_page: PER_PAGE_MAX });
  const firstPage = rawItems(first.businesses, first.unreadable);
  const perPage = checkPerPage(first, firstPage.length);
  if (first.max_page < 2 && first.count < 2) {
    const why = 'the key reads fewer than 2 businesses';
    return { firstPage, read: firstPage, checks: [notChecked('business-pages', why), notChecked('page-counts', why), perPage] };
  }
  const size = first.max_page >= 2 ? PER_PAGE_MAX : Math.ceil(first.count / 2);
  const one = size === PER_PAGE_MAX ? first : await api.searchBusinesses({ page: 1, per_page: size });
  const two = await api.searchBusinesses({ page: 2, per_page: size });
  // Each business once, by its id (an item without one is its own key): page 1 may have been read twice.
  const read = new Map([...firstPage, ...rawItems(one.businesses, one.unreadable), ...rawItems(two.businesses, two.unreadable)].map((item) => [readField(item, 'id') ?? item, item]));
  return { firstPage, read: [...read.values()], checks: [comparePages(one, two), compareCounts(one, two), perPage] };
}

function comparePages(one: BusinessPage, two: BusinessPage): ConformanceCheck {
  if (one.page !== 1 || two.page !== 2) {
    return describeCheck(
      'business-pages',
      'blocking',
      `asked pages 1 and 2, answered pages ${one.page} and ${two.page}`,
      'the service ignores the page number: an export would read page 1 over and over; listings stop with an error instead',
    );
  }
  const firstIds = new Set(idsOf(rawItems(one.businesses, one.unreadable)));
  const again = idsOf(rawItems(two.businesses, two.unreadable)).filter((id) => firstIds.has(id));
  if (again.length > 0) {
    return describeCheck(
      'business-pages',
      'blocking',
      `page 2 repeats ${again.length} business(es) of page 1 (${again.slice(0, 3).join(', ')})`,
      'pages overlap: an export drops the repeated businesses with a warning, and may miss others',
    );
  }
  return describeCheck('business-pages', 'ok', 'pages 1 and 2 answered as asked, with different businesses', 'exports read every business once');
}

function compareCounts(one: BusinessPage, two: BusinessPage): ConformanceCheck {
  if (one.count === two.count && one.max_page === two.max_page) {
    return describeCheck('page-counts', 'ok', `count ${one.count} and max_page ${one.max_page} on both pages`, 'an export knows from page 1 how much is left');
  }
  return describeCheck(
    'page-counts',
    'warning',
    `count ${one.count} then ${two.count}, max_page ${one.max_page} then ${two.max_page}`,
    'businesses changed between two reads, or the service counts loosely: an export says so, and still holds each business once',
  );
}

function checkPerPage(first: BusinessPage, served: number): ConformanceCheck {
  const expected = Math.min(PER_PAGE_MAX, first.count);
  if (served >= expected) {
    return describeCheck('per-page', 'ok', `per_page=${PER_PAGE_MAX} served ${served} of ${first.count} businesses`, `listings read ${PER_PAGE_MAX} businesses a request`);
  }
  return describeCheck(
    'per-page',
    'warning',
    `per_page=${PER_PAGE_MAX} served ${served} of ${first.count} businesses, ${first.max_page} pages: capped at ${served}`,
    `listings take ${Math.ceil(PER_PAGE_MAX / Math.max(1, served))} times the requests; a page shorter than asked is read as a cap, not as the end`,
  );
}
