import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { budgetKeyOf, type SharedTurn } from './org-budget.js';
import { describeRedisUrl, SharedBudgetError } from './shared-budget-error.js';
import { chooseSharedWindow } from './shared-window.js';
import { untilAborted } from './until-aborted.js';

/** Redis answers a turn in a millisecond or so: one that has not connected or answered in this long is taken as gone. */
const REDIS_TIMEOUT_MS = 2000;

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
  /** How long a connection or a command may take: REDIS_TIMEOUT_MS; tests shorten it. */
  timeoutMs?: number;
}

/**
 * Turns shared by every process that names the same Redis: one counter per budget key. A turn
 * Redis does not give within the timeout (a Redis stopped, frozen or cut off) is taken from this
 * process's own count instead, with one warning, until Redis answers a ping again; the budgets
 * adapt to the 429s that may follow meanwhile.
 */
export class SharedBudget {
  private readonly redis: Redis;
  private readonly connected: Promise<void>;
  private readonly shared: RateLimiterRedis;
  private readonly local: RateLimiterMemory;
  private reachable = true;
  private probing = false;
  private ownKey: Promise<string> | undefined;

  constructor(private readonly options: SharedBudgetOptions) {
    const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
    this.redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      // A turn Redis cannot give now is taken locally at once: never queued for a reconnection.
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      // Closed once no turn is awaited: a frozen Redis must not keep the process alive 2 s more.
      disconnectTimeout: 0,
    });
    let lastError: Error | undefined;
    // ioredis reports every failed reconnection here; the turns say what it means for the run.
    this.redis.on('error', (error: Error) => {
      lastError = error;
    });
    this.connected = new Promise<void>((resolve, reject) => {
      // The first error fails the start: ioredis closes a connection whose handshake timed out only seconds later.
      this.redis.once('error', reject);
      this.redis.connect().then(() => {
        this.redis.off('error', reject);
        resolve();
      }, reject);
    }).catch((error: unknown) => {
      // ioredis would go on reconnecting and keep the process alive.
      this.redis.disconnect();
      throw new SharedBudgetError(options.redisUrl, lastError?.message ?? String(error));
    });
    // Awaited by the first turn; a client closed before any request must not leave it unhandled.
    this.connected.catch(() => undefined);
    const { durationS, points } = chooseSharedWindow(options.ratePerMinute, options.rateWindowMs);
    this.shared = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: options.keyPrefix, points, duration: durationS, rejectIfRedisNotReady: true });
    this.local = new RateLimiterMemory({ keyPrefix: options.keyPrefix, points, duration: durationS });
  }

  /** Turns of the budget a request to `orgId` is charged to: the organization's, or the caller's own. */
  turnFor(orgId: number | undefined): SharedTurn {
    const keyOf = orgId === undefined ? () => (this.ownKey ??= this.options.findOwnKey()) : () => Promise.resolve(budgetKeyOf(orgId));
    return (signal) => this.take(keyOf, signal);
  }

  /** Waits for a turn of `key`'s window; a stop ends any wait at once, Redis's answer included. */
  private async take(keyOf: () => Promise<string>, signal: AbortSignal): Promise<void> {
    // Redis first: the own organization's lookup is not sent when the budget cannot be reached.
    await untilAborted(this.connected, signal);
    const key = await untilAborted(keyOf(), signal);
    for (;;) {
      const limiter = this.reachable ? this.shared : this.local;
      if (!this.reachable) this.probe();
      try {
        const refusal = await untilAborted(consumeTurn(limiter, key), signal);
        if (refusal === undefined) return;
        await delay(refusal.msBeforeNext, undefined, { signal });
      } catch (error) {
        // A stop ends every wait with its reason, which an aborted sleep does not give.
        signal.throwIfAborted();
        if (limiter !== this.shared) throw error;
        this.noteLost(error);
      }
    }
  }

  private noteLost(error: unknown): void {
    if (!this.reachable) return;
    this.reachable = false;
    const why = error instanceof Error ? error.message : String(error);
    this.options.logger.warn({ redis: describeRedisUrl(this.options.redisUrl), why }, 'lost the shared rate budget: pacing this process alone until Redis answers');
  }

  /** One ping at a time while Redis is out of reach: the first answered brings the shared count back. */
  private probe(): void {
    if (this.probing) return;
    this.probing = true;
    this.redis.ping().then(
      () => {
        this.probing = false;
        if (this.reachable) return;
        this.reachable = true;
        this.options.logger.info({ redis: describeRedisUrl(this.options.redisUrl) }, 'the shared rate budget answers again: pacing with the other processes');
      },
      () => {
        this.probing = false;
      },
    );
  }

  /** Called once no request is in flight: nothing is left to wait for, so the connection is dropped at once. */
  close(): void {
    this.redis.disconnect();
  }
}

/** Resolves with the refusal of a window already full (rate-limiter-flexible rejects with it), or undefined once the turn is given. */
function consumeTurn(limiter: RateLimiterRedis | RateLimiterMemory, key: string): Promise<RateLimiterRes | undefined> {
  return limiter.consume(key).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof RateLimiterRes) return error;
      throw error;
    },
  );
}
