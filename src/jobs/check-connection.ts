import type { Logger } from 'pino';
import type { ApiClient } from '../api/api-client.js';

export interface CheckConnectionResult {
  /** Businesses the key can read. */
  businesses: number;
}

/** One paced request that proves the address and the key work, and tells what the key can read. */
export async function checkConnection(client: ApiClient, logger: Logger): Promise<CheckConnectionResult> {
  const page = await client.org().searchBusinesses({ per_page: 1 });
  logger.info({ businesses: page.count }, 'the API answered and accepted the key');
  return { businesses: page.count };
}
