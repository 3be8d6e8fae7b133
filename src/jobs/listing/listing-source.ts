/** A page of a listing as its source reads it: page 1 tells how many pages follow. */
export interface ListingAnswer<Item> {
  items: Item[];
  maxPage: number;
  /** The page the answer says it is, where it says: it must be the page asked. */
  page?: number;
  /** Items of the whole list, where the answer says: it must not change during the listing. */
  count?: number;
  /** Items the answer listed, readable or not; `items.length` by default. */
  size?: number;
}

/** A paginated list. */
export interface ListingSource<Item, Answer extends ListingAnswer<Item> = ListingAnswer<Item>> {
  /** Names the list in errors and warnings, e.g. `GET /user/{id}/businesses`. */
  readonly name: string;
  /** The page size asked, where the list takes one (`per_page`): a shorter page 1 that is not the last means the service caps it. */
  readonly perPage?: number;
  /** `perPage` is the source's own unless the service was found to give fewer; `signal` aborts once the page is no longer wanted. */
  fetch(page: number, perPage: number | undefined, signal: AbortSignal): Promise<Answer>;
  /** Tells items apart: one listed again is dropped, and a page of an earlier page's items means the service ignored the page number. */
  idOf?(item: Item): string;
}

/** What a listing found that does not stop it: a capped page size (then followed), a list that changed, items listed again (dropped). */
export type ListingFinding =
  | { check: 'page-cap'; perPage: number }
  | { check: 'page-counts'; page: number; change: string }
  | { check: 'duplicates'; page: number; ids: string[] };
