import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { withSourceFile, type SourceFile } from '../../sheets/file/source-file.js';
import { importAttributes } from './attributes/import-attributes.js';
import { importBusinesses } from './businesses/import-businesses.js';
import { importCustomFieldOrder } from './custom-field-order/import-custom-field-order.js';
import type { ImportOptions, ImportSummary, OpenImportOptions } from './import-options.js';
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

/** Imports one sheet of a resource, its file opened once for every reader of the import. */
export function importSheet(client: ApiClient, resource: ImportResource, options: ImportOptions, logger: Logger): Promise<ImportSummary> {
  const run = (source: SourceFile): Promise<ImportSummary> => IMPORTERS[resource](client, { ...options, source }, logger);
  return options.source === undefined ? withSourceFile(options.file, run) : run(options.source);
}
