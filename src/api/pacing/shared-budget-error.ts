import { UserError } from '../../user-error.js';

/** LISTING_RATE_REDIS_URL is set but its Redis cannot be reached when the run starts. */
export class SharedBudgetError extends UserError {
  override name = 'SharedBudgetError';

  constructor(redisUrl: string, why: string) {
    super(`Could not reach the shared rate budget at ${describeRedisUrl(redisUrl)}: ${why}. Start Redis or unset LISTING_RATE_REDIS_URL.`);
  }
}

/** The address without its user and password, fit for a message or a log. */
export function describeRedisUrl(redisUrl: string): string {
  const url = new URL(redisUrl);
  return `${url.protocol}//${url.hostname}:${url.port === '' ? '6379' : url.port}`;
}
