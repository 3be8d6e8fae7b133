import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { Business } from '../../../api/schemas/business.js';
import { businessReadSchema } from '../../../api/schemas/business-read.js';
import { baseColumn } from '../../../resources/base-column.js';
import { buildBusinessCatalog } from '../../../resources/businesses/business-catalog.js';
import type { Column } from '../../../resources/column.js';
import { readCustomFieldDefinitions } from '../../read-custom-field-definitions.js';
import type { ExportFilters } from '../export-filters.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { ExportRun } from '../run/export-run.js';
import { readAtPath } from '../../../resources/field-path.js';
import { writeExportRow } from '../file/format-export-row.js';
import { listBusinessSources } from '../run/list-business-sources.js';
import { openExportFile } from '../file/open-export-file.js';

/**
 * Pages requested with page 1 before it says how many follow: a business list is usually long,
 * and the few requests a short one wastes cost less than a round trip of idle budget.
 */
const LONG_LIST_GUESS = 2;

/**
 * `businesses`: every column of the businesses catalog, so that importing the file untouched
 * changes nothing: business_id and code, the editable fields, one custom_fields.<name> per custom
 * field of the organization, then the read-only fields and `_base`, the row as exported (for the
 * import's three-way merge). Pages are written in order as they come.
 */
export async function exportBusinesses(client: ApiClient, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  const run = await ExportRun.open(client, 'businesses', options, logger);
  // Page 1 is requested first, then the custom fields: the first row needs both, and they type its custom fields.
  const customFields = readCustomFieldDefinitions(run.api, logger);
  const pages = readBusinessPages(run, options.filters);
  const [first, definitions] = await Promise.all([pages.next(), customFields]);
  const { columns } = buildBusinessCatalog(definitions);
  const schema = businessReadSchema(definitions);
  const file = await openExportFile(options, { name: 'businesses', columns: [...columns, baseColumn] });
  await run.writeFile(file, async () => {
    for (let next = first; next.done !== true; next = await pages.next()) {
      for (const business of next.value) {
        // Read field by field: a value that fits nothing is written as its JSON text and told in errors.csv.
        const fields = schema.parse(business);
        // business_id, the one column without a field path, holds the business's id.
        const readValue = (column: Column): unknown => (column.path === undefined ? business.id : readAtPath(fields, column.path));
        await writeExportRow(file.rows, columns, readValue, file.context, fields, (message) => { run.warn(`business ${business.id}`, message); }, business.id);
        run.rows++;
      }
    }
  });
  return run.finish('businesses');
}

/**
 * The selected businesses, page after page, as the service sent them (pages saved for a rerun keep
 * them so); users' lists may share businesses, and so may statuses' (one that changes meanwhile):
 * each comes once.
 */
async function* readBusinessPages(run: ExportRun, filters: ExportFilters): AsyncGenerator<Business[]> {
  const sources = listBusinessSources(run.api, filters);
  const seen = sources.length > 1 ? new Set<string>() : undefined;
  for (const source of sources) {
    for await (const { items } of run.readPages(source, { guess: LONG_LIST_GUESS })) {
      const fresh = seen === undefined ? items : items.filter((business) => !seen.has(business.id));
      for (const business of fresh) seen?.add(business.id);
      yield fresh;
    }
  }
}
