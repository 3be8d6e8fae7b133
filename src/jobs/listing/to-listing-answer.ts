import type { ListingAnswer } from './listing-source.js';

/** What a page of the service says of its list (`page`, `max_page`, `count`), with the items read from it. */
export function toListingAnswer<Item>(answer: { page: number; max_page: number; count?: number | undefined }, items: Item[]): ListingAnswer<Item> {
  return { items, maxPage: answer.max_page, page: answer.page, ...(answer.count === undefined ? {} : { count: answer.count }) };
}
