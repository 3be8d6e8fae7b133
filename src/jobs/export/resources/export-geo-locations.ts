import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { GeoLocation } from '../../../api/schemas/geo-locations.js';
import { buildGeoLocationColumns } from '../../../resources/geo-locations/geo-location-columns.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { toUnreadableFailures } from '../run/export-failures.js';
import { exportList } from '../run/export-list.js';
import { toListingAnswer } from '../../listing/to-listing-answer.js';

/** `geo-locations`: the locations the search finds with `--query` and the other filters, page after page. */
export function exportGeoLocations(client: ApiClient, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  const { filters } = options;
  const search = {
    text: filters.query,
    locationIds: filters.location,
    oauthAccountIds: filters['oauth-account'],
    notConnected: filters['not-connected'],
    verificationStatuses: filters['verification-status'],
  };
  return exportList<GeoLocation>(client, options, logger, {
    resource: 'geo-locations',
    sheet: 'geo-locations',
    columns: buildGeoLocationColumns(),
    name: (location) => `geo location ${location.id}`,
    createSource: (api) => ({
      name: 'GET /geo-oauth-accounts/locations/search',
      idOf: (location) => location.id,
      async fetch(page, _perPage, signal) {
        const answer = await api.withSignal(signal).searchGeoLocations(search, page);
        const failures = toUnreadableFailures(`GET /geo-oauth-accounts/locations/search page ${page}`, answer.unreadable, 'location');
        return { ...toListingAnswer(answer, answer.locations), failures };
      },
    }),
  });
}
