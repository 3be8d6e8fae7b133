import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import type { z } from 'zod';
import type { Business } from '../../api/schemas/business.js';
import { businessReadSchema, type BusinessFields } from '../../api/schemas/business-read.js';
import { readEach } from '../../api/schemas/read-each.js';
import { baseColumn, encodeRowSnapshot } from '../../resources/businesses/base-column.js';
import { buildBusinessCatalog } from '../../resources/businesses/business-catalog.js';
import type { CellContext } from '../../resources/cell-context.js';
import type { Column } from '../../resources/column.js';
import type { SheetRecord } from '../../sheets/index.js';
import { readCustomFieldDefinitions } from '../read-custom-field-definitions.js';
import type { ExportFilters } from './export-filters.js';
import type { ExportOptions, ExportSummary } from './export-options.js';
import { toUnreadableFailures } from './export-failures.js';
import { ExportRun, type PageSource } from './export-run.js';
import { readAtPath } from '../../resources/field-path.js';
import { formatExportRow } from './format-export-row.js';
import { listBusinessSources } from './list-business-sources.js';
import { openExportFile } from './open-export-file.js';

/**
 * Pages requested with page 1 before it says how many follow: a business list is usually long,
 * and the few requests a short one wastes cost less than a round trip of idle budget.
 */
export const LONG_LIST_GUESS = 2;

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
  const pages = readBusinessPages(run, options.filters, customFields.then(businessReadSchema));
  const [first, definitions] = await Promise.all([pages.next(), customFields]);
  const { columns } = buildBusinessCatalog(definitions);
  const file = await openExportFile(options, { name: 'businesses', columns: [...columns, baseColumn] });
  try {
    for (let next = first; next.done !== true; next = await pages.next()) {
      for (const business of next.value) {
        await file.rows.writeRow(formatBusinessRow(columns, business, file.context));
        run.rows++;
      }
    }
  } finally {
    await file.close();
  }
  return run.finish('businesses');
}

/** The selected businesses, page after page; users' lists may share businesses, each comes once. */
async function* readBusinessPages(run: ExportRun, filters: ExportFilters, schema: Promise<z.ZodType<BusinessFields>>): AsyncGenerator<BusinessFields[]> {
  const sources = listBusinessSources(run.api, filters).map((source) => readFields(source, schema));
  const seen = sources.length > 1 ? new Set<string>() : undefined;
  for (const source of sources) {
    for await (const { items } of run.readPages(source, { guess: LONG_LIST_GUESS })) {
      const fresh = seen === undefined ? items : items.filter((business) => !seen.has(business.id));
      for (const business of fresh) seen?.add(business.id);
      yield fresh;
    }
  }
}

/** Every field the columns format, read in each business: one that does not read is the page's failure, the others are written. */
function readFields(source: PageSource<Business>, schema: Promise<z.ZodType<BusinessFields>>): PageSource<BusinessFields> {
  return {
    name: source.name,
    ...(source.perPage === undefined ? {} : { perPage: source.perPage }),
    idOf: (business) => business.id,
    async fetch(page, perPage) {
      const fetched = await source.fetch(page, perPage);
      const { items, unreadable } = readEach(fetched.items, await schema);
      return { ...fetched, items, failures: [...(fetched.failures ?? []), ...toUnreadableFailures(`${source.name} page ${page}`, unreadable, 'business')] };
    },
  };
}

// `_base` records the cells as written (a decimal comma in a `;` file), so that an untouched row compares equal to it.
function formatBusinessRow(columns: readonly Column[], business: BusinessFields, context: CellContext): SheetRecord {
  // business_id, the one column without a field path, holds the business's id.
  const cells = formatExportRow(columns, (column) => (column.path === undefined ? business.id : readAtPath(business, column.path)), context);
  const imported = columns.filter((column) => !column.readOnly && column.path !== undefined);
  const snapshot = { id: business.id, cells: Object.fromEntries(imported.map((column) => [column.header, String(cells[column.header] ?? '')])) };
  return { ...cells, [baseColumn.header]: encodeRowSnapshot(snapshot) };
}
