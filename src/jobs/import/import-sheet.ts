import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { AbortedError } from '../../api/errors/api-error.js';
import { withSourceFile, type SourceFile } from '../../sheets/file/source-file.js';
import { importAttributes } from './attributes/import-attributes.js';
import { importBusinesses } from './businesses/import-businesses.js';
import { importCustomFieldOrder } from './custom-field-order/import-custom-field-order.js';
import type { ImportOptions, ImportSummary, OpenImportOptions } from './import-options.js';
import { ImportStoppedError } from './import-stopped-error.js';
import { importServices } from './services/import-services.js';

type Importer = (client: ApiClient, options: OpenImportOptions, logger: Logger) => Promise<ImportSummary>;

const IMPORTERS = {
  businesses: importBusinesses,
  services: importServices,
  attributes: importAttributes,
  'custom-field-order': importCustomFieldOrder,
} satisfies Record<string, Importer>;

export type ImportResource = keyof typeof IMPORTERS;
export const IMPORT_RESOURCES = Object.keys(IMPORTERS) as ImportResource[];

/**
 * Imports one sheet of a resource, its file opened once for every reader of the import. Once its
 * report is open, a stop skips the rows not sent; before (a request the stop ended while the sheet
 * was read), it is an ImportStoppedError.
 */
export async function importSheet(client: ApiClient, resource: ImportResource, options: ImportOptions, logger: Logger): Promise<ImportSummary> {
  const run = (source: SourceFile): Promise<ImportSummary> => IMPORTERS[resource](client, { ...options, source }, logger);
  try {
    return await (options.source === undefined ? withSourceFile(options.file, run) : run(options.source));
  } catch (error) {
    // Without a cause, the client's own stop: a refused key or an unreachable service names theirs.
    if (options.signal?.aborted === true && error instanceof AbortedError && error.cause === undefined) throw new ImportStoppedError(options.file, 'reading', options.reportDir);
    throw error;
  }
}
