import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { OrgApi } from '../../../api/org-api.js';
import type { ReadItems } from '../../../api/schemas/reading/read-each.js';
import type { Column } from '../../../resources/column.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { toUnreadableFailures } from './export-failures.js';
import { ExportRun, type PageSource } from './export-run.js';
import { readAtPath } from '../../../resources/field-path.js';
import { writeExportRow } from '../file/format-export-row.js';
import { baseColumn } from '../../../resources/base-column.js';
import { openExportFile } from '../file/open-export-file.js';

/** A resource exported as one row per item of one list. */
export interface ListResource<Item extends object> {
  resource: string;
  /** The sheet an import of the file looks for. */
  sheet: string;
  columns: readonly Column[];
  createSource(api: OrgApi): PageSource<Item>;
  /** The value of a column without a field path (an identity column). */
  readIdentity?: (item: Item) => unknown;
  /** An item as a warning line names it: `geo location loc_1`. */
  name(item: Item): string;
  /** The id a row's `_base` records, for a resource whose import merges three ways: each row then carries `_base`. */
  baseId?: (item: Item) => string;
}

/** Writes the items of the list, page after page, a column's value taken at its field path; a value that did not read is written as JSON text, with a warning line. */
export async function exportList<Item extends object>(client: ApiClient, options: ExportOptions, logger: Logger, spec: ListResource<Item>): Promise<ExportSummary> {
  const run = await ExportRun.open(client, spec.resource, options, logger);
  const { baseId } = spec;
  const file = await openExportFile(options, { name: spec.sheet, columns: baseId === undefined ? spec.columns : [...spec.columns, baseColumn] });
  await run.writeFile(file, async () => {
    for await (const { items } of run.readPages(spec.createSource(run.api))) {
      for (const item of items) {
        const readValue = (column: Column): unknown => (column.path === undefined ? spec.readIdentity?.(item) : readAtPath(item, column.path));
        await writeExportRow(file.rows, spec.columns, readValue, file.context, item, (message) => { run.warn(spec.name(item), message); }, baseId?.(item));
        run.rows++;
      }
    }
  });
  return run.finish(spec.resource);
}

/** A list the API gives whole, in one request; its items that do not read are failures. */
export function createOnePageSource<Item>(name: string, noun: string, read: () => Promise<ReadItems<Item>>): PageSource<Item> {
  return {
    name,
    fetch: async () => {
      const { items, unreadable } = await read();
      return { items, maxPage: 1, failures: toUnreadableFailures(name, unreadable, noun) };
    },
  };
}
