import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharedBudgetError } from '../../src/api/pacing/shared-budget-error.js';
import { SharedBudget, type SharedBudgetOptions } from '../../src/api/pacing/shared-budget.js';
import { chooseSharedWindow } from '../../src/api/pacing/shared-window.js';
import { HAS_REDIS_SERVER, startRedisServer, type RedisServer } from './start-redis-server.js';

const LOST = 'lost the shared rate budget: pacing this process alone until Redis answers';
const BACK = 'the shared rate budget answers again: pacing with the other processes';
/** 983 turns a second: no turn of these tests waits for a window unless it says so. */
const FAST = { ratePerMinute: 60_000, rateWindowMs: 60_000 };
const PREFIX = 'test:rate';

interface LogLine {
  level: number;
  msg: string;
  why?: string;
}

describe.skipIf(!HAS_REDIS_SERVER)('a shared budget whose Redis freezes (SIGSTOP: connections stay open, nothing answers)', () => {
  let redis: RedisServer;
  let frozen = false;
  const budgets: SharedBudget[] = [];
  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    for (const budget of budgets.splice(0)) budget.close();
    thaw();
    await redis.stop();
  });

  function freeze(): void {
    process.kill(redis.pid, 'SIGSTOP');
    frozen = true;
  }

  function thaw(): void {
    if (frozen) process.kill(redis.pid, 'SIGCONT');
    frozen = false;
  }

  function openBudget(options: Partial<SharedBudgetOptions> = {}): { budget: SharedBudget; logs: LogLine[] } {
    const logs: LogLine[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
    const budget = new SharedBudget({ redisUrl: redis.url, ...FAST, keyPrefix: PREFIX, findOwnKey: () => Promise.resolve('own'), logger, ...options });
    budgets.push(budget);
    return { budget, logs };
  }

  /** The turns Redis has counted for organization `orgId` in the current window. */
  async function readSharedCount(orgId = 1): Promise<number> {
    const reader = new Redis(redis.url);
    try {
      return Number(await reader.get(`${PREFIX}:org:${orgId}`));
    } finally {
      reader.disconnect();
    }
  }

  it('gives turns from the local count once a turn times out, warns once, and counts in Redis again once it answers', async () => {
    const timeoutMs = 500;
    const { budget, logs } = openBudget({ timeoutMs });
    const turn = budget.turnFor(1);
    const signal = new AbortController().signal;
    await turn(signal);
    freeze();
    const started = performance.now();
    for (let taken = 0; taken < 8; taken++) await turn(signal);
    // Only the first turn waited for Redis: eight waits would take four seconds.
    expect(performance.now() - started).toBeLessThan(4 * timeoutMs);
    expect(logs.filter((line) => line.msg === LOST)).toMatchObject([{ level: 40, why: 'Command timed out' }]);

    thaw();
    await vi.waitFor(
      async () => {
        await turn(signal);
        expect(logs.map((line) => line.msg)).toContain(BACK);
      },
      { timeout: 5000 },
    );
    // Another organization's counter, which no turn has touched yet: the turn is counted there.
    await budget.turnFor(2)(signal);
    expect(await readSharedCount(2)).toBe(1);
    expect(logs.map((line) => line.msg)).toEqual([LOST, BACK]);
  }, 15_000);

  it('ends a turn waiting for a frozen Redis as soon as the run stops, long before the timeout', async () => {
    const { budget } = openBudget({ timeoutMs: 60_000 });
    const turn = budget.turnFor(1);
    await turn(new AbortController().signal);
    freeze();
    const controller = new AbortController();
    const waiting = turn(controller.signal);
    // Connected and keyed already: the turn's command is written to the socket within this tick.
    await new Promise((resolve) => setImmediate(resolve));
    const reason = new Error('stopped');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  }, 10_000);

  it('ends a turn waiting for the next window as soon as the run stops', async () => {
    // 60 a minute: a few turns per window of several seconds.
    const { budget } = openBudget({ ratePerMinute: 60 });
    const { points } = chooseSharedWindow(60, FAST.rateWindowMs);
    const turn = budget.turnFor(1);
    const free = new AbortController().signal;
    for (let taken = 0; taken < points; taken++) await turn(free);
    const controller = new AbortController();
    const waiting = turn(controller.signal);
    // Redis counted the turn it refused: the turn is waiting for the window's end.
    await vi.waitFor(async () => {
      expect(await readSharedCount()).toBe(points + 1);
    });
    const reason = new Error('stopped');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  }, 5000);

  it('stops the run with a UserError when Redis is frozen as it starts, without waiting for it', async () => {
    freeze();
    const { budget } = openBudget({ timeoutMs: 300 });
    const first = budget.turnFor(1)(new AbortController().signal);
    await expect(first).rejects.toBeInstanceOf(SharedBudgetError);
    await expect(first).rejects.toThrow(`Could not reach the shared rate budget at ${redis.url}: Command timed out. Start Redis or unset LISTING_RATE_REDIS_URL.`);
  }, 10_000);
});
