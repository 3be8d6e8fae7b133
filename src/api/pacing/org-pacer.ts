/**
 * Pacing, and why it is built so. The service counts each organization's requests over a sliding
 * minute, and a sixth of the minute's budget in any 10 s (README, "How the client talks to the
 * API"): a burst is answered 429, and a storm of 429s slows a run far more than spacing would.
 * So each organization has one
 * OrgPacer (pacer-registry.ts) shared by every step of the process that talks to it: starts are
 * spaced evenly (start-gate.ts), a 429 pauses the gate for its Retry-After and halves the rate,
 * won back slowly (adaptive-rate.ts); processes that share a key share a Redis window too
 * (shared-budget.ts), taken inside the gate so that a 429 slows them all. Concurrency only
 * hides latency: the gate, not the queue, keeps the rate.
 */
import PQueue from 'p-queue';
import { AdaptiveRate } from './adaptive-rate.js';
import type { Clock } from './clock.js';
import { createCounters, type RequestCounters } from './request-counters.js';
import { StartGate } from './start-gate.js';

/** Starts are spaced a little wider than the budget allows, so clock and network jitter never push a window over it. */
const SAFETY_MARGIN = 0.02;

export interface PacerOptions {
  /** The organization's budget. */
  ratePerMinute: number;
  /** Requests in flight at once: enough to hide latency, the gate keeps the rate. */
  concurrency: number;
  clock: Clock;
}

/** Waits for a turn of a budget other processes share too (LISTING_RATE_REDIS_URL). */
export type SharedTurn = (signal: AbortSignal) => Promise<void>;

/**
 * Paces every request to one organization: a p-queue bounds the requests in
 * flight, and each attempt passes the start gate just before it is sent.
 */
export class OrgPacer {
  readonly counters: RequestCounters = createCounters();
  private readonly queue: PQueue;
  private readonly rate: AdaptiveRate;
  private readonly gate: StartGate;

  constructor(
    private readonly options: PacerOptions,
    sharedTurn?: SharedTurn,
  ) {
    this.queue = new PQueue({ concurrency: options.concurrency });
    this.rate = new AdaptiveRate(options.ratePerMinute);
    this.gate = new StartGate(() => (60_000 / this.rate.perMinute) * (1 + SAFETY_MARGIN), options.clock, sharedTurn);
  }

  /** The current rate: the budget, or less after 429s. */
  get ratePerMinute(): number {
    return this.rate.perMinute;
  }

  /**
   * Runs `task` in a concurrency slot; once `signal` aborts, tasks still queued reject as their
   * turn comes, which frees the queue at once. A running task is left to end: p-queue's own
   * signal would reject it while its request is still in flight.
   */
  schedule<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return this.queue.add(() => {
      signal.throwIfAborted();
      return task();
    });
  }

  /**
   * Waits until an attempt may be sent; resolves with its start time. The shared turn is taken in
   * the gate, just before the request leaves, so the shared count stays true and a 429 slows the
   * requests that wait for a shared turn as much as the others.
   */
  waitTurn(signal: AbortSignal): Promise<number> {
    return this.gate.waitTurn(signal);
  }

  noteAnswered(): void {
    this.rate.increase();
  }

  /** Another client shares the budget: hold every request to this organization for `retryAfterMs`, and slow down. */
  noteRateLimited(retryAfterMs: number, sentAt: number): void {
    const now = this.options.clock.now();
    this.gate.pauseUntil(now + retryAfterMs);
    this.rate.decrease(sentAt, now);
  }
}
