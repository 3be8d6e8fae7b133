import { SYSTEM_CLOCK, type Clock } from './clock.js';
import { createHttpAgent, DEFAULT_HTTP_OPTIONS, type HttpOptions } from './http-agent.js';
import { createOrgApi, type OrgApi } from './org-api.js';
import { PacerRegistry, type CountersSnapshot } from './pacer-registry.js';
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './retry-policy.js';
import { runRequest } from './run-request.js';
import { DEFAULT_RATE_PER_MINUTE } from './service-facts.js';
import { StopSwitch } from './stop-switch.js';

export const DEFAULT_CONCURRENCY = 8;

export interface ApiClientOptions {
  /** Base URL with the version segment, for instance `https://api.example.com/v2`. */
  baseUrl: string;
  apiKey: string;
  /** Budget of each organization. */
  ratePerMinute?: number;
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
  /** Injected by tests: time for pacing and back-off, and the jitter source. */
  clock?: Clock;
  random?: () => number;
}

export interface ApiClient {
  /** The endpoints, paced with the budget of `orgId` (the caller's own organization when omitted). */
  org(orgId?: number): OrgApi;
  /** Counters per organization and in total, for progress and the run summary. */
  readCounters(): CountersSnapshot;
  /** Closes the connections once the requests in flight end. */
  close(): Promise<void>;
}

/**
 * The API client: one pacer per organization shared by every caller of
 * `org(id)`, retries per call, and one stop for all (the job's signal, or a 401).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const agent = createHttpAgent({ ...DEFAULT_HTTP_OPTIONS, ...options.http });
  const target = { baseUrl: options.baseUrl, apiKey: options.apiKey, agent };
  const retry = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
  const random = options.random ?? Math.random;
  const stop = new StopSwitch(options.signal);
  const registry = new PacerRegistry({
    ratePerMinute: options.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    clock,
  });
  return {
    org(orgId) {
      const pacer = registry.pacerFor(orgId);
      return createOrgApi((request, schema) => runRequest({ pacer, target, retry, clock, random, stop }, request, schema), orgId);
    },
    readCounters: () => registry.readCounters(),
    close: () => agent.close(),
  };
}
