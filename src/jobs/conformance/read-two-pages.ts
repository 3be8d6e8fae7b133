import { readField } from '../../api/checks/read-field.js';
import { rawItems, type UnreadableItem } from '../../api/schemas/reading/read-each.js';
import type { ListingAnswer, ListingFinding } from '../listing/listing-source.js';
import { readListing, type ListedPage } from '../listing/read-listing.js';
import { toListingAnswer } from '../listing/to-listing-answer.js';

/** A page as the service sent it: its items readable or not, those the client set aside also apart. */
export type RawPage = ListingAnswer<unknown> & { unreadable: UnreadableItem[] };

/** Pages 1 and 2 of a list as readListing handed them over, what it found on the way, and what ended it early. */
export interface TwoPages {
  pages: ListedPage<unknown, RawPage>[];
  findings: ListingFinding[];
  error?: unknown;
}

/** Reads pages 1 and 2 of the list `name`, its items told apart by their id, as every listing of a run reads them. */
export async function readTwoPages(name: string, fetch: (page: number, perPage: number | undefined) => Promise<RawPage>, perPage?: number): Promise<TwoPages> {
  const read: TwoPages = { pages: [], findings: [] };
  const source = { name, perPage, fetch, idOf: (item: unknown) => String(readField(item, 'id')) };
  try {
    for await (const page of readListing(source, { lastPage: 2, onFinding: (finding) => read.findings.push(finding) })) read.pages.push(page);
  } catch (error) {
    read.error = error;
  }
  return read;
}

/** A page the client read, its items as sent. */
export function toRawPage(answer: { page: number; max_page: number; count?: number | undefined; unreadable: UnreadableItem[] }, read: readonly unknown[]): RawPage {
  return { ...toListingAnswer(answer, rawItems(read, answer.unreadable)), unreadable: answer.unreadable };
}
