import { GEO_LOCATION_SEARCH_PARAMS as PARAMS, GEO_LOCATIONS_PAGE_SIZE, type Role } from '../../api/facts/service-facts.js';
import { accessTo } from '../pipeline/access.js';
import { defineRoute } from '../pipeline/define-route.js';
import { invalidBody, notFound, ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import type { EmulatorState } from '../state.js';
import type { GeoLocation, User } from '../state-types.js';
import { addMessage, type ValidationDetails } from '../pipeline/validation-details.js';
import { readOrgQuery } from './query/addressed-org-query.js';
import { readGeoLocationFilter } from './geo-location-filter.js';
import { paginate, readPageNumber, servedPageNumber } from './query/pagination.js';
import { readQueryList } from './query/query-values.js';

/** Roles that reach a whole organization, and so its locations no business is connected to. */
const ORG_WIDE_ROLES: readonly Role[] = ['PROVIDER', 'ORG_ADMIN', 'ORG_MANAGER'];

export const geoLocationRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/geo-oauth-accounts/locations/search',
    permission: 'geo_read',
    // A PROVIDER without org_id searches every organization, as on /business/search.
    target: readOrgQuery,
    handle({ state, caller, req, quirks, target: orgId }) {
      const details: ValidationDetails = {};
      // `ignore-filters`: the filters are left unread; org_id, read as the target, still scopes the search.
      const query = quirks['ignore-filters'] === true ? new URLSearchParams() : req.query;
      const matches = readGeoLocationFilter(query, details);
      const page = readPageNumber(req.query.get(PARAMS.page));
      if (page === undefined) addMessage(details, [PARAMS.page], 'Not a valid integer.');
      if (page === undefined || Object.keys(details).length > 0) return invalidBody(details);

      const scope = orgId === undefined ? state.geoLocations : state.geoLocations.filter((location) => location.org_id === orgId);
      // An OAuth account is a resource of its own: naming one the organization does not have is "not found".
      const accounts = readQueryList(query, PARAMS.oauthAccountIds) ?? [];
      if (accounts.some((account) => !scope.some((location) => location.oauth_account_id === account))) return notFound();

      const found = scope.filter((location) => canSee(state, caller.user, location) && matches(location));
      const { items, ...meta } = paginate(found, { page: servedPageNumber(page, quirks), perPage: GEO_LOCATIONS_PAGE_SIZE });
      // The spec's fields only: organization, OAuth account and business links are the emulator's bookkeeping.
      const locations = items.map(({ org_id: _orgId, oauth_account_id: _accountId, business_id: _businessId, ...location }) => location);
      return ok({ locations, ...meta });
    },
  }),
];

/** A connected location follows its business's access; an unconnected one needs an organization-wide role. */
function canSee(state: EmulatorState, user: User, location: GeoLocation): boolean {
  if (location.business_id === null) return ORG_WIDE_ROLES.includes(user.role);
  const business = state.businesses.get(location.business_id);
  return business !== undefined && accessTo(user, business) !== null;
}
