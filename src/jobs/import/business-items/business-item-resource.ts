import type { OrgApi } from '../../../api/org-api.js';
import type { BusinessTarget } from '../../../resources/business-target.js';
import type { ImportCatalog } from '../../../resources/resource-catalog.js';

/**
 * What a row sends for its business, and the report's `_changes`; an empty list means unchanged.
 * Errors fail the row against the business; `invalid` ones are the row's own, found once the
 * business told how to read it.
 */
export type ItemPlan<Item> = { item: Item; changes: string[] } | { errors: string[]; invalid?: boolean };

/**
 * A resource set item by item on a business (services, attributes), one row per item: what the
 * shared pipeline needs to read, compare and write the items of one business. A row reads into a
 * `Row`, which its plan makes the `Item` sent (an attribute's type may come from the business).
 */
export interface BusinessItemResource<Row, Item, Current, Answer> {
  catalog: ImportCatalog<BusinessTarget, Row>;
  /** The column naming an item within its business: a second row for the same item is refused. */
  itemColumn: string;
  readItemKey(row: Row): string;
  /** Diff mode: the business's current state, one read; `api` is paced with the business's organization. */
  readCurrent(api: OrgApi, businessId: string): Promise<Current>;
  /** Only what differs from `current`; every field sent when there is no current state (patch). */
  planItem(row: Row, current: Current | undefined): ItemPlan<Item>;
  /** The items of a group in one request, or one request each where the spec documents one item per request (services). */
  write: WriteAll<Item, Answer> | WriteEach<Item, Answer>;
  /** Changes that only the answer tells (the categories a service was set for). */
  describeOutcome(item: Item, answer: Answer): string[];
}

export interface WriteAll<Item, Answer> {
  all(api: OrgApi, businessId: string, items: readonly Item[]): Promise<Answer>;
  /** For a 400 that names some of the items sent: each refused item's position and its `column: message` entries. */
  readRefusals(error: unknown, items: readonly Item[]): Map<number, string[]> | undefined;
}

export interface WriteEach<Item, Answer> {
  each(api: OrgApi, businessId: string, item: Item): Promise<Answer>;
}
