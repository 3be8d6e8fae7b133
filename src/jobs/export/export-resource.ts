import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { exportAttributes } from './export-attributes.js';
import { exportBusinesses } from './export-businesses.js';
import { exportCustomFields } from './export-custom-fields.js';
import { exportFeedback } from './export-feedback.js';
import { exportGeoLocations } from './export-geo-locations.js';
import { exportMessageTemplates } from './export-message-templates.js';
import type { ExportOptions, ExportSummary } from './export-options.js';
import type { ExportResource } from './export-resource-names.js';
import { exportServices } from './export-services.js';

type Exporter = (client: ApiClient, options: ExportOptions, logger: Logger) => Promise<ExportSummary>;

const EXPORTERS: Record<ExportResource, Exporter> = {
  businesses: exportBusinesses,
  services: exportServices,
  attributes: exportAttributes,
  feedback: exportFeedback,
  'custom-fields': exportCustomFields,
  'message-templates': exportMessageTemplates,
  'geo-locations': exportGeoLocations,
};

/** Exports one resource to `options.out`; failed pages and businesses go to `<out>.errors.csv`. */
export function exportResource(client: ApiClient, resource: ExportResource, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  return EXPORTERS[resource](client, options, logger);
}
