import type { Logger } from 'pino';
import type { ApiClient } from '../api/api-client.js';
import type { OrgApi } from '../api/org-api.js';

export interface CheckConnectionResult {
  /** Businesses the key can read. */
  businesses: number;
}

/** One paced request that proves the address and the key work, and tells what the key can read. */
export async function checkConnection(client: ApiClient, logger: Logger): Promise<CheckConnectionResult> {
  const businesses = await countBusinesses(client.org());
  logger.info({ businesses }, 'the API answered and accepted the key');
  return { businesses };
}

/**
 * The businesses a key reads, in one request: at one per page, a page that gives no count still
 * gives its number of pages, but for an empty list, which has one empty page.
 */
export async function countBusinesses(api: OrgApi): Promise<number> {
  const page = await api.searchBusinesses({ per_page: 1 });
  return page.count ?? (page.businesses.length === 0 && page.unreadable.length === 0 ? 0 : page.max_page);
}
