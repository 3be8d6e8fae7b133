import { renameParams } from '../transport/api-request.js';
import { GeoLocationPageSchema, type GeoLocationPage } from '../schemas/geo-locations.js';
import { MessageTemplatesSchema, type MessageTemplate } from '../schemas/message-templates.js';
import type { ReadItems } from '../schemas/reading/read-each.js';
import { GEO_LOCATION_SEARCH_PARAMS } from '../facts/service-facts.js';
import { findIgnoredGeoLocationFilter } from '../checks/find-ignored-geo-location-filter.js';
import { findIgnoredTemplateFilter } from '../checks/find-ignored-template-filter.js';
import { refuseIgnoredFilter } from '../checks/refuse-ignored-filter.js';
import type { CallApi } from './call-api.js';
import type { GeoLocationFilter } from './query-params.js';

export interface OrganizationEndpoints {
  /** `GET /messaging/templates` of the organization the endpoints are scoped to; a template that does not read is set aside, one of another organization stops the list. */
  listMessageTemplates(): Promise<ReadItems<MessageTemplate>>;
  /** `GET /geo-oauth-accounts/locations/search` in the organization the endpoints are scoped to. */
  searchGeoLocations(filter?: GeoLocationFilter, page?: number): Promise<GeoLocationPage>;
}

export function createOrganizationEndpoints(call: CallApi, orgId: number | undefined): OrganizationEndpoints {
  return {
    listMessageTemplates: async () => {
      const path = '/messaging/templates';
      const asked = { org_id: orgId };
      const answer = await call({ method: 'GET', path, query: asked, answersNotFound: false }, MessageTemplatesSchema);
      // The spec documents no org_id here: a service that ignores it answers another organization's templates.
      refuseIgnoredFilter(path, answer.items, answer.unreadable, (item) => findIgnoredTemplateFilter(asked, item));
      return answer;
    },
    searchGeoLocations: async (filter = {}, page) => {
      const path = '/geo-oauth-accounts/locations/search';
      const answer = await call({ method: 'GET', path, query: renameParams({ ...filter, orgId, page }, GEO_LOCATION_SEARCH_PARAMS) }, GeoLocationPageSchema);
      refuseIgnoredFilter(path, answer.locations, answer.unreadable, (item) => findIgnoredGeoLocationFilter(filter, item));
      return answer;
    },
  };
}
