import type { ApiClient } from '../../api/api-client.js';
import { readSearchPages } from '../import/businesses/reads/read-search-pages.js';

/**
 * The organizations a key reaches, as `org: all` runs a step for each: those of the businesses it
 * can read (the service lists no organizations), every page of the search, 100 a request.
 */
export async function listReachableOrgs(client: ApiClient): Promise<number[]> {
  const { businesses } = await readSearchPages(client.org(), {});
  return [...new Set(businesses.map((business) => business.org_id))].sort((a, b) => a - b);
}
