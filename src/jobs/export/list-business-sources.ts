import type { OrgApi } from '../../api/org-api.js';
import type { Business } from '../../api/schemas/business.js';
import type { BusinessPage } from '../../api/schemas/business-results.js';
import { PER_PAGE_MAX } from '../../api/service-facts.js';
import type { ExportFilters } from './export-filters.js';
import type { FetchedPage, PageSource } from './export-run.js';

/**
 * The business lists an export reads, 100 per page: each `--user`'s businesses, else every business
 * the key can read through the search and its filters (the organization is the one of `--org`).
 */
export function listBusinessSources(api: OrgApi, filters: ExportFilters): PageSource<Business>[] {
  const users = filters.user ?? [];
  if (users.length > 0) {
    return users.map((userId) => ({
      name: `GET /user/${userId}/businesses`,
      fetch: async (page) => toFetchedPage(await api.listUserBusinesses(userId, { page, per_page: PER_PAGE_MAX })),
    }));
  }
  const search = { status: filters.status, country: filters.country, city: filters.city, modified__gte: filters['modified-since'] };
  return [{ name: 'GET /business/search', fetch: async (page) => toFetchedPage(await api.searchBusinesses({ ...search, page, per_page: PER_PAGE_MAX })) }];
}

function toFetchedPage(page: BusinessPage): FetchedPage<Business> {
  return { items: page.businesses, maxPage: page.max_page };
}
