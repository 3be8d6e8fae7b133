import { pino, type Logger } from 'pino';
import { SYSTEM_CLOCK, type Clock } from './pacing/clock.js';
import type { CallApi } from './endpoints/call-api.js';
import { chooseFetch, createHttpAgent, DEFAULT_HTTP_OPTIONS, type HttpOptions } from './transport/http-agent.js';
import { createOrgApi, type OrgApi } from './org-api.js';
import { OrgBudget, OrgBudgets, type BudgetOptions, type CountersSnapshot } from './pacing/org-budget.js';
import { findOwnBudgetKey } from './pacing/own-budget-key.js';
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './transport/retry-policy.js';
import { runRequest } from './transport/run-request.js';
import { DEFAULT_RATE_PER_MINUTE } from './facts/service-facts.js';
import { ServiceContact } from './transport/service-contact.js';
import { SharedBudget } from './pacing/shared-budget.js';
import { StopSwitch } from './transport/stop-switch.js';

export const DEFAULT_CONCURRENCY = 8;
/** The budget is per minute, counted over a sliding minute. */
const RATE_WINDOW_MS = 60_000;

export interface ApiClientOptions {
  /** Base URL with the version segment, for instance `https://api.example.com/v2`. */
  baseUrl: string;
  apiKey: string;
  /** Budget of each organization. */
  ratePerMinute?: number;
  /** The sliding window the budget is counted over: a minute; tests shorten it with the emulator's. */
  rateWindowMs?: number;
  /** LISTING_RATE_REDIS_URL: every process naming this Redis takes its turns from one budget per organization. */
  rateRedisUrl?: string;
  /** Requests in flight at once, per organization. */
  concurrency?: number;
  retry?: Partial<RetryOptions>;
  http?: Partial<HttpOptions>;
  /**
   * Stops the job: queued calls and calls waiting for their turn or a back-off
   * reject with AbortedError and send nothing more; requests in flight get
   * their answer, so the job knows which writes were applied.
   */
  signal?: AbortSignal;
  /** Warnings of the shared budget; stderr by default. */
  logger?: Logger;
  /** Injected by tests: time for pacing and back-off, and the jitter source. */
  clock?: Clock;
  random?: () => number;
}

export interface ApiClient {
  /** The endpoints, paced with the budget of `orgId` (the caller's own organization when omitted). */
  org(orgId?: number): OrgApi;
  /** A new step of a job: the organizations given up so far (OrgBudget.noteRetriesSpent) are tried again, each once. */
  tryGivenUpAgain(): void;
  /** Counters per organization and in total, for progress and the run summary. */
  readCounters(): CountersSnapshot;
  /**
   * Cancels every call not sent yet and every read in flight, then closes the connections (the
   * shared budget's too) once the writes in flight end. A call after close rejects with AbortedError;
   * closing again is harmless.
   */
  close(): Promise<void>;
}

/**
 * The API client: one budget per organization shared by every caller of
 * `org(id)`, retries per call, and one stop for all (the job's signal, or a 401).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const http = { ...DEFAULT_HTTP_OPTIONS, ...options.http };
  const agent = createHttpAgent(http);
  const target = { baseUrl: options.baseUrl, apiKey: options.apiKey, agent, fetch: chooseFetch(http.nodeUndici), answerTimeoutMs: http.answerTimeoutMs, maxAnswerBytes: http.maxAnswerBytes, contact: new ServiceContact() };
  const retry = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
  const random = options.random ?? Math.random;
  const stop = new StopSwitch(options.signal);
  const pacing = {
    ratePerMinute: options.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    clock,
    stop: stop.signal,
  };
  const callWith = (budget: OrgBudget): CallApi => (request, schema) => runRequest({ budget, target, retry, clock, random, stop }, request, schema);
  const shared = options.rateRedisUrl === undefined ? undefined : openSharedBudget(options.rateRedisUrl, options, pacing, callWith);
  const budgets = new OrgBudgets(pacing, shared && ((orgId) => shared.turnFor(orgId)));
  let closed: Promise<void> | undefined;
  return {
    org(orgId) {
      return createOrgApi(callWith(budgets.budgetFor(orgId)), orgId);
    },
    tryGivenUpAgain: () => {
      budgets.tryAgain();
    },
    readCounters: () => budgets.readCounters(),
    close() {
      // A second close (a finally after the command's own) waits for the first.
      closed ??= (async () => {
        stop.close();
        await agent.close();
        shared?.close();
      })();
      return closed;
    },
  };
}

/**
 * Budgets are kept per API address. The caller's own organization is read once, with a budget of
 * its own: that one request cannot wait for a turn of the budget it is looking up.
 */
function openSharedBudget(redisUrl: string, options: ApiClientOptions, pacing: BudgetOptions, callWith: (budget: OrgBudget) => CallApi): SharedBudget {
  const logger = options.logger ?? pino({ level: 'warn' }, pino.destination(2));
  const lookup = createOrgApi(callWith(new OrgBudget(pacing)), undefined);
  return new SharedBudget({
    redisUrl,
    ratePerMinute: pacing.ratePerMinute,
    rateWindowMs: options.rateWindowMs ?? RATE_WINDOW_MS,
    keyPrefix: `listing-bulk:rate:${new URL(options.baseUrl).host}`,
    findOwnKey: () => findOwnBudgetKey(() => lookup.searchBusinesses({ per_page: 1 }), options.apiKey, logger),
    logger,
  });
}
