import { pino } from 'pino';
import { createApiClient } from '../../src/api/api-client.js';
import { readApiSettings } from '../../src/api/api-settings.js';

/**
 * One "process" of the shared budget test: `count` searches charged to the caller's own
 * organization, as fast as the client allows, with the address, key and LISTING_RATE_REDIS_URL
 * from `env`. Resolves with the client's counters once it is closed.
 */
export async function sendSearches(env: NodeJS.ProcessEnv, count: number, rate: { ratePerMinute: number; rateWindowMs: number }) {
  const client = createApiClient({ ...(await readApiSettings(env)), ...rate, concurrency: 8, logger: pino({ level: 'silent' }) });
  try {
    const own = client.org();
    await Promise.all(Array.from({ length: count }, () => own.searchBusinesses({ per_page: 1 })));
  } finally {
    await client.close();
  }
  return client.readCounters().total;
}
