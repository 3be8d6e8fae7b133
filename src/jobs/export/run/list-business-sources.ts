import type { OrgApi } from '../../../api/org-api.js';
import type { Business } from '../../../api/schemas/business.js';
import type { BusinessPage } from '../../../api/schemas/business-results.js';
import { PER_PAGE_MAX } from '../../../api/facts/service-facts.js';
import { toUnreadableFailures } from './export-failures.js';
import type { ExportFilters } from '../export-filters.js';
import type { FetchedPage, PageSource } from './export-run.js';
import { toListingAnswer } from '../../listing/to-listing-answer.js';

/**
 * The business lists an export reads, 100 per page: each `--user`'s businesses, else every business
 * the key can read through the search and its filters, one search per `--status` (the organization
 * is the one of `--org`).
 */
export function listBusinessSources(api: OrgApi, filters: ExportFilters): PageSource<Business>[] {
  const users = filters.user ?? [];
  const search = { country: filters.country, city: filters.city, modified__gte: filters['modified-since'] };
  // The 2021 description takes one status per search: several are one listing each, in order, so
  // that each answer is checked against its status and its pages against each other; listing every
  // business to keep some would read the whole organization for a few.
  const lists: { name: string; read: (reader: OrgApi, page: PageQuery) => Promise<BusinessPage> }[] =
    users.length > 0
      ? users.map((userId) => ({ name: `GET /user/${userId}/businesses`, read: (reader, page) => reader.listUserBusinesses(userId, page) }))
      : (filters.status ?? [undefined]).map((status) => ({
          name: status === undefined ? 'GET /business/search' : `GET /business/search status=${status}`,
          read: (reader, page) => reader.searchBusinesses({ ...search, status, ...page }),
        }));
  return lists.map(({ name, read }) => ({
    name,
    perPage: PER_PAGE_MAX,
    idOf: (business) => business.id,
    fetch: async (page, perPage = PER_PAGE_MAX, signal) => toFetchedPage(`${name} page ${page}`, await read(api.withSignal(signal), { page, per_page: perPage })),
  }));
}

type PageQuery = { page: number; per_page: number };

/** A business the page holds but that does not read is a failure of the page: listed, and the page requested again on a rerun. */
function toFetchedPage(requested: string, page: BusinessPage): FetchedPage<Business> {
  const failures = toUnreadableFailures(requested, page.unreadable, 'business');
  return { ...toListingAnswer(page, page.businesses), size: page.businesses.length + page.unreadable.length, failures };
}
