import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import type { RequestCounters } from '../../src/api/pacing/request-counters.js';
import { SharedBudgetError } from '../../src/api/pacing/shared-budget-error.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';
import { sendSearches } from './send-searches.js';
import { findFreePort } from './find-free-port.js';
import { HAS_REDIS_SERVER, startRedisServer, type RedisServer } from './start-redis-server.js';

/** A scaled budget: 60 requests in any 3 s, so a run over the budget is seen in a few seconds. */
const RATE = { ratePerMinute: 1200, rateWindowMs: 3000 };
/** Each process alone stays under the budget; both at once, at full speed, go 50 % over it. */
const SEARCHES = 45;
const CHILD = fileURLToPath(new URL('./send-searches-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The second process: the same searches with another key of the same organization; `ready` once it is loaded, `done` once it has exited on its own. */
function startChild(env: NodeJS.ProcessEnv): { ready: Promise<void>; done: Promise<RequestCounters> } {
  const child = spawn(process.execPath, ['--import', TSX, CHILD], {
    env: { ...process.env, ...env, SEARCHES: String(SEARCHES), RATE_PER_MINUTE: String(RATE.ratePerMinute), RATE_WINDOW_MS: String(RATE.rateWindowMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const ready = new Promise<void>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  const done = (async () => {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    expect(code).toBe(0);
    return JSON.parse(stdout) as RequestCounters;
  })();
  return { ready: Promise.race([ready, done.then(() => undefined)]), done };
}

/** Two processes, two keys of organization 1, both charging their own organization, started together. */
async function runBoth(emulator: TestEmulator, redisUrl: string | undefined): Promise<RequestCounters[]> {
  const shared = redisUrl === undefined ? {} : { LISTING_RATE_REDIS_URL: redisUrl };
  const env = (key: string) => ({ LISTING_API_URL: emulator.url, LISTING_API_KEY: key, LISTING_API_KEY_FILE: '', LISTING_RATE_REDIS_URL: '', ...shared });
  const child = startChild(env(emulator.emulator.keys.ORG_MANAGER));
  // Loading the child through tsx takes seconds on a busy machine: the searches here wait for it.
  await child.ready;
  return Promise.all([child.done, sendSearches(env(emulator.emulator.keys.ORG_ADMIN), SEARCHES, RATE)]);
}

const REDIS_MISSING = 'skipped: redis-server is not installed (apt-get install redis-server; .ci/run installs it)';

describe.skipIf(!HAS_REDIS_SERVER)(`two processes on one organization${HAS_REDIS_SERVER ? '' : ` (${REDIS_MISSING})`}`, () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.stop());

  it('get no 429 when they share the budget in Redis, though each runs at the full budget', async () => {
    const emulator = await startTestEmulator({ ...RATE, transport: 'http' });
    try {
      const runs = await runBoth(emulator, redis.url);
      for (const run of runs) expect(run).toMatchObject({ succeeded: SEARCHES, failed: 0, rateLimited: 0 });
    } finally {
      await emulator.close();
    }
  }, 30_000);

  it('are answered 429s without it', async () => {
    const emulator = await startTestEmulator({ ...RATE, transport: 'http' });
    try {
      const runs = await runBoth(emulator, undefined);
      expect(runs.reduce((sum, run) => sum + run.rateLimited, 0)).toBeGreaterThan(0);
    } finally {
      await emulator.close();
    }
  }, 30_000);
});

describe('shared budget out of reach', () => {
  it('fails the first request with a UserError naming Redis without its password, and sends nothing', async () => {
    const emulator = await startTestEmulator({ ...RATE, transport: 'http' });
    const port = await findFreePort();
    const client = createApiClient({
      baseUrl: emulator.url,
      apiKey: emulator.emulator.keys.ORG_ADMIN,
      rateRedisUrl: `redis://user:hunter2@127.0.0.1:${port}`,
      logger: pino({ level: 'silent' }),
    });
    try {
      const failure = client.org().searchBusinesses({ per_page: 1 });
      await expect(failure).rejects.toBeInstanceOf(SharedBudgetError);
      await expect(failure).rejects.toThrow(
        `Could not reach the shared rate budget at redis://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}. Start Redis or unset LISTING_RATE_REDIS_URL.`,
      );
      expect(client.readCounters().total.sent).toBe(0);
    } finally {
      await client.close();
      await emulator.close();
    }
  });
});
