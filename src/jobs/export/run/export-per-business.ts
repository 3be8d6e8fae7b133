import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import { ApiError, AuthenticationError } from '../../../api/errors/api-error.js';
import type { OrgApi } from '../../../api/org-api.js';
import type { Business } from '../../../api/schemas/business.js';
import { storeCodeColumn } from '../../../resources/business-target.js';
import type { Column } from '../../../resources/column.js';
import { toExportFailure, type ExportFailure } from './export-failures.js';
import type { ReadItems } from '../../../api/schemas/reading/read-each.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { ExportRun, type PageSource } from './export-run.js';
import { writeExportRow } from '../file/format-export-row.js';
import { listBusinessSources } from './list-business-sources.js';
import { openExportFile } from '../file/open-export-file.js';

/** Pages of businesses in progress: each page is a hundred requests, so a few keep the queue full. */
const BUSINESS_PAGE_WINDOW = 3;

/** What a resource read business by business (one request each) needs to be exported. */
export interface PerBusinessResource<Item> {
  resource: 'services' | 'attributes';
  /** The columns of its import catalog: identity first, then its fields, then the read-only ones. */
  columns: readonly Column[];
  /** The request, as errors.csv names it. */
  describe(businessId: string): string;
  /** What errors.csv calls an item (`attribute`), and its id. */
  noun: string;
  idOf(item: Item): string;
  /** The business's items; one that does not read (a type the spec does not name) is left out with a warning line in errors.csv, as a row of it could not import back. */
  read(api: OrgApi, businessId: string): Promise<ReadItems<Item>>;
  /** The API value under a column that is not the business's identity. */
  readValue(item: Item, column: Column): unknown;
}

interface BusinessItems<Item> {
  id: string;
  code: string | null;
  items: Item[];
}

/**
 * One row per item of each selected business, in the long format its import reads: businesses are
 * listed 100 per page, then read one paced request each; a business whose request fails is
 * listed in errors.csv and the others are written.
 */
export async function exportPerBusiness<Item>(client: ApiClient, options: ExportOptions, logger: Logger, spec: PerBusinessResource<Item>): Promise<ExportSummary> {
  const run = await ExportRun.open(client, spec.resource, options, logger);
  const file = await openExportFile(options, { name: spec.resource, columns: spec.columns });
  const sources = listBusinessSources(run.api, options.filters);
  // Users' lists may share businesses, and so may statuses' (one that changes meanwhile): each is written once.
  const seen = sources.length > 1 ? new Set<string>() : undefined;
  await run.writeFile(file, async () => {
    for (const source of sources) {
      for await (const { items } of run.readPages(readEachBusiness(run, source, spec, seen), { window: BUSINESS_PAGE_WINDOW })) {
        for (const business of items) {
          seen?.add(business.id);
          for (const item of business.items) {
            await writeExportRow(file.rows, spec.columns, (column) => readCell(business, item, column, spec), file.context, item, (message) => {
              run.warn(`${spec.describe(business.id)}, ${spec.noun} ${spec.idOf(item)}`, message);
            });
            run.rows++;
          }
        }
      }
    }
  });
  return run.finish(spec.resource);
}

function readEachBusiness<Item>(
  run: ExportRun,
  listing: PageSource<Business>,
  spec: PerBusinessResource<Item>,
  seen: ReadonlySet<string> | undefined,
): PageSource<BusinessItems<Item>> {
  return {
    // A failure of the page itself is one of the listing's.
    name: listing.name,
    ...(listing.perPage === undefined ? {} : { perPage: listing.perPage }),
    idOf: (business) => business.id,
    async fetch(page, perPage, signal) {
      const { items: businesses, failures: listed = [], ...answer } = await listing.fetch(page, perPage, signal);
      // The page's reads are cancelled with it.
      const api = run.api.withSignal(signal);
      const failures: ExportFailure[] = [...listed];
      const read = async ({ id, code }: Business): Promise<BusinessItems<Item>[]> => {
        try {
          const { items, unreadable } = await spec.read(api, id);
          for (const item of unreadable) run.warn(`${spec.describe(id)}, ${spec.noun} ${item.id ?? 'without id'}`, `${item.problem}: left out, as a row of it could not import back`);
          return [{ id, code, items }];
        } catch (error) {
          // A refused key or a stop ends the page; any other failure is this business's alone.
          if (!(error instanceof ApiError) || error instanceof AuthenticationError) throw error;
          failures.push(toExportFailure(spec.describe(id), error));
          return [];
        }
      };
      const items = (await Promise.all(businesses.filter((business) => seen?.has(business.id) !== true).map(read))).flat();
      return { ...answer, size: answer.size ?? businesses.length, items, failures };
    },
  };
}

// Identity columns come from the business: its id has no field path, the store code is the business's own.
function readCell<Item>(business: BusinessItems<Item>, item: Item, column: Column, spec: PerBusinessResource<Item>): unknown {
  if (column.path === undefined) return business.id;
  return column === storeCodeColumn ? business.code : spec.readValue(item, column);
}
