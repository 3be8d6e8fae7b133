import type { BusinessSearchParams } from '../../../../api/endpoints/query-params.js';
import type { OrgApi } from '../../../../api/org-api.js';
import type { Business } from '../../../../api/schemas/business.js';
import type { UnreadableItem } from '../../../../api/schemas/reading/read-each.js';
import { PER_PAGE_MAX } from '../../../../api/facts/service-facts.js';
import { readListing } from '../../../listing/read-listing.js';
import { toListingAnswer } from '../../../listing/to-listing-answer.js';

export interface SearchedBusinesses {
  businesses: Business[];
  unreadable: UnreadableItem[];
  /** Requests it took. */
  reads: number;
}

/** Every page of one search, one at a time, as readListing checks and hands them over. */
export async function readSearchPages(api: OrgApi, params: BusinessSearchParams): Promise<SearchedBusinesses> {
  const found: SearchedBusinesses = { businesses: [], unreadable: [], reads: 0 };
  const source = {
    name: 'GET /business/search',
    perPage: PER_PAGE_MAX,
    idOf: (business: Business) => business.id,
    fetch: async (page: number, perPage = PER_PAGE_MAX) => {
      found.reads++;
      const { businesses, unreadable, ...answer } = await api.searchBusinesses({ ...params, page, per_page: perPage });
      return { ...toListingAnswer(answer, businesses), unreadable, size: businesses.length + unreadable.length };
    },
  };
  for await (const { items, answer } of readListing(source)) {
    found.businesses.push(...items);
    found.unreadable.push(...answer.unreadable);
  }
  return found;
}
