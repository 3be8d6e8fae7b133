import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterQueue, RateLimiterRedis } from 'rate-limiter-flexible';
import type { SharedTurn } from './org-pacer.js';
import { describeRedisUrl, SharedBudgetError } from './shared-budget-error.js';
import { chooseSharedWindow } from './shared-window.js';

export interface SharedBudgetOptions {
  /** LISTING_RATE_REDIS_URL. */
  redisUrl: string;
  ratePerMinute: number;
  /** The service's sliding window the budget applies to. */
  rateWindowMs: number;
  /** Separates the budgets of different APIs kept in one Redis. */
  keyPrefix: string;
  /** The key of the caller's own organization, looked up once when first needed. */
  findOwnKey: () => Promise<string>;
  logger: Logger;
}

/**
 * Turns shared by every process that names the same Redis: one counter per budget key, taken in
 * order within the process by a RateLimiterQueue. If Redis goes away during a run, the
 * insurance limiter counts this process's turns alone until it is back, and the pacers adapt to
 * the 429s that may follow.
 */
export class SharedBudget {
  private readonly redis: Redis;
  private readonly connected: Promise<void>;
  private readonly queue: RateLimiterQueue;
  private ownKey: Promise<string> | undefined;

  constructor(private readonly options: SharedBudgetOptions) {
    this.redis = new Redis(options.redisUrl, { lazyConnect: true });
    let lastError: Error | undefined;
    let ready = false;
    this.redis.on('error', (error: Error) => {
      lastError = error;
      if (ready) options.logger.warn({ redis: describeRedisUrl(options.redisUrl), why: error.message }, 'lost the shared rate budget: pacing this process alone until Redis is back');
      ready = false;
    });
    this.redis.on('ready', () => {
      ready = true;
    });
    this.connected = this.redis.connect().catch((error: unknown) => {
      // ioredis would go on reconnecting and keep the process alive.
      this.redis.disconnect();
      throw new SharedBudgetError(options.redisUrl, lastError?.message ?? String(error));
    });
    // Awaited by the first turn; a client closed before any request must not leave it unhandled.
    this.connected.catch(() => undefined);
    const { durationS, points } = chooseSharedWindow(options.ratePerMinute, options.rateWindowMs);
    const limiter = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: options.keyPrefix,
      points,
      duration: durationS,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration: durationS }),
    });
    this.queue = new RateLimiterQueue(limiter);
  }

  /** Turns of the budget a request to `orgId` is charged to: the organization's, or the caller's own. */
  turnFor(orgId: number | undefined): SharedTurn {
    const keyOf = orgId === undefined ? () => (this.ownKey ??= this.options.findOwnKey()) : () => `org:${orgId}`;
    return (signal) => this.take(keyOf, signal);
  }

  /** A stop is seen once the turn comes, at most a few windows later: RateLimiterQueue takes no signal. */
  private async take(keyOf: () => string | Promise<string>, signal: AbortSignal): Promise<void> {
    // Redis first: the own organization's lookup is not sent when the budget cannot be reached.
    await this.connected;
    signal.throwIfAborted();
    await this.queue.removeTokens(1, await keyOf());
    signal.throwIfAborted();
  }

  /** Called once no request is in flight: nothing is left to wait for, so the connection is dropped at once. */
  close(): void {
    this.redis.disconnect();
  }
}
