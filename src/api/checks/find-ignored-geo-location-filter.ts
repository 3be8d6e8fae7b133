import type { GeoLocationFilter } from '../endpoints/query-params.js';
import { findIgnoredFilter, type FilterChecks } from './find-ignored-filter.js';
import { GEO_LOCATION_SEARCH_PARAMS } from '../facts/service-facts.js';

const listed = (value: unknown, asked: readonly string[]): boolean => asked.includes(String(value));

/**
 * How a location of a geo location search matches each filter. The text's matching is not
 * documented, and the spec's location has no field that says whether a business is connected to
 * it: those two are not checked. Nor is the OAuth account, unless the service adds its field.
 */
const CHECKS: FilterChecks<GeoLocationFilter> = {
  text: null,
  locationIds: { field: 'id', accepts: listed },
  oauthAccountIds: { field: 'oauth_account_id', accepts: listed },
  notConnected: null,
  verificationStatuses: { field: 'google_verifications.status', accepts: listed },
};

/** The filter of a geo location search that a location of its answer does not match, in words, or undefined. */
export function findIgnoredGeoLocationFilter(filter: GeoLocationFilter, item: unknown): string | undefined {
  return findIgnoredFilter(CHECKS, GEO_LOCATION_SEARCH_PARAMS, 'location', filter, item);
}
