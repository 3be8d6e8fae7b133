import { UserError } from '../../user-error.js';

/** LISTING_RATE_REDIS_URL is set but its Redis cannot be reached when the run starts. */
export class SharedBudgetError extends UserError {
  override name = 'SharedBudgetError';

  constructor(redisUrl: string, why: string) {
    super(`Could not reach the shared rate budget at ${describeRedisUrl(redisUrl)}: ${describeWhy(why)}`);
  }
}

/** ioredis's words, with what to do about them: starting Redis does not help a wrong password. */
function describeWhy(why: string): string {
  if (/NOAUTH|WRONGPASS|invalid password|AUTH/i.test(why)) {
    return `${why}. Give its user and password in LISTING_RATE_REDIS_URL (redis://user:password@host:6379), or unset it.`;
  }
  // ioredis asks to be told of a reply it cannot parse: here it is another server on the port (HTTP answers "H").
  if (/Protocol error|Unknown RESP type/.test(why)) return 'what answers there is not Redis. Correct the port of LISTING_RATE_REDIS_URL, or unset it.';
  return `${why}. Start Redis or unset LISTING_RATE_REDIS_URL.`;
}

/** The address without its user and password, fit for a message or a log. */
export function describeRedisUrl(redisUrl: string): string {
  const url = new URL(redisUrl);
  return `${url.protocol}//${url.hostname}:${url.port === '' ? '6379' : url.port}`;
}
