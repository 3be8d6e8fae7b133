import { GEO_LOCATION_SEARCH_PARAMS as PARAMS } from '../../api/facts/service-facts.js';
import type { GeoLocation } from '../state-types.js';
import { addMessage, type ValidationDetails } from '../pipeline/validation-details.js';
import { readQueryBoolean, readQueryList } from './query/query-values.js';

type Test = (location: GeoLocation) => boolean;

/** Reads the geo location search filters into one test; problems go to `details`. */
export function readGeoLocationFilter(query: URLSearchParams, details: ValidationDetails): Test {
  const tests: Test[] = [];
  const text = query.get(PARAMS.text)?.toLowerCase();
  if (text !== undefined) {
    tests.push((location) =>
      [location.locality, location.postal_code, location.location_name, location.address_details, location.store_code].some((value) =>
        value.toLowerCase().includes(text),
      ),
    );
  }
  const ids = readQueryList(query, PARAMS.locationIds);
  if (ids !== undefined) tests.push((location) => ids.includes(location.id));
  const accounts = readQueryList(query, PARAMS.oauthAccountIds);
  if (accounts !== undefined) tests.push((location) => accounts.includes(location.oauth_account_id));
  const statuses = readQueryList(query, PARAMS.verificationStatuses);
  if (statuses !== undefined) tests.push((location) => statuses.includes(location.google_verifications.status));

  // true keeps the locations no business is connected to; false keeps the connected ones.
  const notConnected = readQueryBoolean(query, PARAMS.notConnected);
  if (notConnected === null) addMessage(details, [PARAMS.notConnected], 'Must be true or false.');
  else if (notConnected !== undefined) tests.push((location) => (location.business_id === null) === notConnected);
  return (location) => tests.every((test) => test(location));
}
