import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { detectSheetFormat } from '../../sheets/index.js';
import { exportAttributes } from './resources/export-attributes.js';
import { exportBusinesses } from './resources/export-businesses.js';
import { exportCustomFields } from './resources/export-custom-fields.js';
import { exportFeedback } from './resources/export-feedback.js';
import { exportGeoLocations } from './resources/export-geo-locations.js';
import { exportMessageTemplates } from './resources/export-message-templates.js';
import type { ExportOptions, ExportSummary } from './export-options.js';
import type { ExportResource } from './export-resource-names.js';
import { exportServices } from './resources/export-services.js';
import { lockExportFile } from './file/lock-export-file.js';

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

/**
 * Exports one resource to `options.out`; failed pages and businesses go to `<out>.errors.csv`.
 * A second export to the same file is refused while this one runs (lock-export-file.ts).
 */
export async function exportResource(client: ApiClient, resource: ExportResource, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  // An unsupported extension is refused before anything is written, the lock included.
  detectSheetFormat(options.out, 'write');
  const lock = await lockExportFile(options.out, logger);
  try {
    return await EXPORTERS[resource](client, options, logger);
  } finally {
    lock.release();
  }
}
