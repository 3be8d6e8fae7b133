import type { BusinessSearchParams } from '../../../api/endpoints/business-endpoints.js';
import type { OrgApi } from '../../../api/org-api.js';
import type { BusinessPage } from '../../../api/schemas/business-results.js';
import type { Business } from '../../../api/schemas/business.js';
import type { UnreadableItem } from '../../../api/schemas/read-each.js';
import { PER_PAGE_MAX } from '../../../api/facts/service-facts.js';
import { findPageCap, ListingChecks } from '../../listing-checks.js';

export interface SearchedBusinesses {
  businesses: Business[];
  unreadable: UnreadableItem[];
  /** Requests it took. */
  reads: number;
}

/**
 * Every page of one search, each answer checked against its request (ListingChecks: the page
 * asked, no page repeating an earlier one, a business listed twice kept once); a service that
 * gives fewer businesses per page than asked is asked with its own page size, so none is missed.
 */
export async function readSearchPages(api: OrgApi, params: BusinessSearchParams): Promise<SearchedBusinesses> {
  const checks = new ListingChecks<Business>({ name: 'GET /business/search', idOf: (business) => business.id });
  let perPage = PER_PAGE_MAX;
  let reads = 0;
  const ask = async (page: number): Promise<BusinessPage> => {
    reads++;
    const answer = await api.searchBusinesses({ ...params, page, per_page: perPage });
    checks.checkAnswer(page, { maxPage: answer.max_page, page: answer.page, count: answer.count });
    return answer;
  };
  let first = await ask(1);
  const cap = findPageCap({ size: listedOn(first), maxPage: first.max_page, count: first.count }, perPage);
  if (cap !== undefined) {
    perPage = cap;
    first = await ask(1);
  }
  const found: SearchedBusinesses = { businesses: checks.admit(1, first.businesses), unreadable: [...first.unreadable], reads: 0 };
  for (let page = 2; page <= first.max_page; page++) {
    const answer = await ask(page);
    found.businesses.push(...checks.admit(page, answer.businesses));
    found.unreadable.push(...answer.unreadable);
  }
  return { ...found, reads };
}

function listedOn(page: BusinessPage): number {
  return page.businesses.length + page.unreadable.length;
}
