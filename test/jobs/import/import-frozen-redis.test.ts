import { pino, type Logger } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HAS_REDIS_SERVER, startRedisServer, type RedisServer } from '../../api/start-redis-server.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

const ROWS = 12;

describe.skipIf(!HAS_REDIS_SERVER)('an import whose shared budget Redis freezes mid-run (SIGSTOP)', () => {
  let harness: ImportHarness;
  let redis: RedisServer;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    harness.api.emulator.faults.script = undefined;
    await redis.stop();
  });

  /** The first write freezes Redis, and `then` runs. */
  function freezeAtFirstWrite(then: () => void = () => undefined): void {
    let frozen = false;
    harness.api.emulator.faults.script = (_n, request) => {
      if (request.method !== 'POST' || frozen) return undefined;
      frozen = true;
      process.kill(redis.pid, 'SIGSTOP');
      then();
      return undefined;
    };
  }

  function sheet(town: string): string {
    const codes = harness.api.emulator.state.orgBusinesses(1).slice(0, ROWS).map((business) => business.code ?? '');
    return ['code,city', ...codes.map((code, index) => `${code},${town} ${index}`)].join('\n');
  }

  function captureWarnings(): { logger: Logger; messages: string[] } {
    const messages: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) });
    return { logger, messages };
  }

  it('goes on at its own pace and applies every row, with one warning', async () => {
    freezeAtFirstWrite();
    const { logger, messages } = captureWarnings();
    const { summary } = await harness.runImport('businesses', sheet('Frozen'), {}, 'ORG_ADMIN', { rateRedisUrl: redis.url, logger });
    expect(summary.rows).toMatchObject({ total: ROWS, updated: ROWS, failed: 0 });
    expect(messages).toEqual(['lost the shared rate budget: pacing this process alone until Redis answers']);
  }, 20_000);

  it('stops at once on a stop while Redis does not answer, and writes its report', async () => {
    const controller = new AbortController();
    freezeAtFirstWrite(() => {
      controller.abort();
    });
    const { logger } = captureWarnings();
    const { summary, results } = await harness.runImport('businesses', sheet('Stopped'), { signal: controller.signal }, 'ORG_ADMIN', { rateRedisUrl: redis.url, logger });
    expect(summary.stopped).toBeDefined();
    expect(results).toHaveLength(ROWS);
    expect(summary.rows.updated + summary.rows.skipped).toBe(ROWS);
  }, 20_000);
});
