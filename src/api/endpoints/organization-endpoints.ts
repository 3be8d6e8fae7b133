import { pathSegment, renameParams } from '../transport/api-request.js';
import { GeoLocationPageSchema, type GeoLocationPage } from '../schemas/geo-locations.js';
import { MessageTemplatesSchema, type MessageTemplate } from '../schemas/message-templates.js';
import type { ReadItems } from '../schemas/reading/read-each.js';
import { OrganizationUpdateResultSchema, type OrganizationUpdate, type OrganizationUpdateResult } from '../schemas/organizations.js';
import { GEO_LOCATION_SEARCH_PARAMS } from '../facts/service-facts.js';
import type { CallApi } from './call-api.js';

/** Filters of the geo location search; the query names come from GEO_LOCATION_SEARCH_PARAMS. */
export type GeoLocationSearch = {
  /** Matched against locality, postal code, name, address and store code. */
  text?: string;
  locationIds?: readonly string[];
  oauthAccountIds?: readonly string[];
  /** true: only locations no business is connected to. */
  notConnected?: boolean;
  verificationStatuses?: readonly string[];
  page?: number;
};

export interface OrganizationEndpoints {
  /** `GET /messaging/templates` of the organization the endpoints are scoped to; a template that does not read is set aside. */
  listMessageTemplates(): Promise<ReadItems<MessageTemplate>>;
  /** `GET /geo-oauth-accounts/locations/search` in the organization the endpoints are scoped to. */
  searchGeoLocations(search?: GeoLocationSearch): Promise<GeoLocationPage>;
  /** `POST /org/{id}`: a partial update. */
  updateOrganization(orgId: number, update: OrganizationUpdate): Promise<OrganizationUpdateResult>;
}

export function createOrganizationEndpoints(call: CallApi, orgId: number | undefined): OrganizationEndpoints {
  return {
    listMessageTemplates: () => call({ method: 'GET', path: '/messaging/templates', query: { org_id: orgId }, answersNotFound: false }, MessageTemplatesSchema),
    searchGeoLocations: (search = {}) =>
      call(
        {
          method: 'GET',
          path: '/geo-oauth-accounts/locations/search',
          query: renameParams({ ...search, orgId }, GEO_LOCATION_SEARCH_PARAMS),
        },
        GeoLocationPageSchema,
      ),
    updateOrganization: async (id, update) => call({ method: 'POST', path: `/org/${pathSegment(id)}`, body: update }, OrganizationUpdateResultSchema),
  };
}
