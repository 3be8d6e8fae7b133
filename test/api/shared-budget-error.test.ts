import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { SharedBudget } from '../../src/api/pacing/shared-budget.js';
import { SharedBudgetError } from '../../src/api/pacing/shared-budget-error.js';

describe('a shared budget that cannot start', () => {
  it('says a port that is not Redis is not Redis, rather than ask to start Redis and to report it', async () => {
    const server = createServer((_request, response) => response.end('not redis'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `redis://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const budget = new SharedBudget({ redisUrl: url, ratePerMinute: 60, rateWindowMs: 60_000, keyPrefix: 'test', findOwnKey: () => Promise.resolve('own'), logger: pino({ level: 'silent' }), timeoutMs: 2000 });
    try {
      const turn = budget.turnFor(1)(new AbortController().signal);
      await expect(turn).rejects.toBeInstanceOf(SharedBudgetError);
      await expect(turn).rejects.toThrow(`Could not reach the shared rate budget at ${url}: what answers there is not Redis. Correct the port of LISTING_RATE_REDIS_URL, or unset it.`);
    } finally {
      budget.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('asks for the password when Redis refuses without one', () => {
    expect(new SharedBudgetError('redis://127.0.0.1:6379', 'NOAUTH Authentication required').message).toBe(
      'Could not reach the shared rate budget at redis://127.0.0.1:6379: NOAUTH Authentication required. Give its user and password in LISTING_RATE_REDIS_URL (redis://user:password@host:6379), or unset it.',
    );
  });
});
