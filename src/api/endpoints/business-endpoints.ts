import { pathSegment } from '../transport/api-request.js';
import { findIgnoredSearchFilter } from '../checks/find-ignored-search-filter.js';
import { refuseIgnoredFilter } from '../checks/refuse-ignored-filter.js';
import { BusinessPageSchema, businessUpdateResultFor, type BusinessPage, type BusinessUpdateResult } from '../schemas/business-results.js';
import type { BusinessUpdate } from '../schemas/business.js';
import type { CallApi } from './call-api.js';
import type { BusinessSearchParams, PageParams } from './query-params.js';

export interface BusinessEndpoints {
  /** `POST /business/{id}`: a partial update; `id` may be `c-<code>` for ORG_ADMIN, GROUP_MANAGER and BUSINESS_MANAGER keys. */
  updateBusiness(id: string, update: BusinessUpdate): Promise<BusinessUpdateResult>;
  /** `GET /user/{id}/businesses`: the businesses the user can read. */
  listUserBusinesses(userId: string, page?: PageParams): Promise<BusinessPage>;
  /** `GET /business/search`. */
  searchBusinesses(params?: BusinessSearchParams): Promise<BusinessPage>;
}

export function createBusinessEndpoints(call: CallApi, orgId: number | undefined): BusinessEndpoints {
  return {
    updateBusiness: async (id, update) => call({ method: 'POST', path: `/business/${pathSegment(id)}`, body: update }, businessUpdateResultFor(id)),
    listUserBusinesses: async (userId, page = {}) =>
      call({ method: 'GET', path: `/user/${pathSegment(userId)}/businesses`, query: page }, BusinessPageSchema),
    searchBusinesses: async (params = {}) => {
      const asked = { org_id: orgId, ...params };
      const path = '/business/search';
      const page = await call({ method: 'GET', path, query: asked, answersNotFound: false }, BusinessPageSchema);
      refuseIgnoredFilter(path, page.businesses, page.unreadable, (item) => findIgnoredSearchFilter(asked, item));
      return page;
    },
  };
}
