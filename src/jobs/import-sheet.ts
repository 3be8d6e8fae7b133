import type { Logger } from 'pino';
import type { ApiClient } from '../api/api-client.js';
import { importBusinesses } from './businesses/import-businesses.js';
import type { ImportOptions, ImportSummary } from './import-options.js';

type Importer = (client: ApiClient, options: ImportOptions, logger: Logger) => Promise<ImportSummary>;

const IMPORTERS = {
  businesses: importBusinesses,
} satisfies Record<string, Importer>;

export type ImportResource = keyof typeof IMPORTERS;
export const IMPORT_RESOURCES = Object.keys(IMPORTERS) as ImportResource[];

/** Imports one sheet of a resource. */
export function importSheet(client: ApiClient, resource: ImportResource, options: ImportOptions, logger: Logger): Promise<ImportSummary> {
  return IMPORTERS[resource](client, options, logger);
}
