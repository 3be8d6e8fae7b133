/**
 * Pacing, and why it is built so. The service counts each organization's requests over a sliding
 * minute, and a sixth of the minute's budget in any 10 s (README, "How the client talks to the
 * API"): a burst is answered 429, and a storm of 429s slows a run far more than spacing would.
 * So each organization has one OrgBudget, shared by every step of the process that talks to it:
 * starts are spaced evenly (a count per fixed window would let twice the cap through across its
 * boundary); a 429 pauses them all for its Retry-After, waited here once, and halves the rate, won
 * back slowly (adaptive-rate.ts); processes that share a key share a Redis window too
 * (shared-budget.ts), taken at the turn so that a 429 slows them all. Concurrency only hides
 * latency: the spacing, not the queue, keeps the rate.
 */
import PQueue from 'p-queue';
import { AdaptiveRate } from './adaptive-rate.js';
import type { Clock } from './clock.js';
import { createCounters, sumCounters, type RequestCounters } from './request-counters.js';
import type { SpentRetries } from '../errors/retries-spent-error.js';
import { untilAborted } from './until-aborted.js';

/** Starts are spaced a little wider than the budget allows, so clock and network jitter never push a window over it. */
const SAFETY_MARGIN = 0.02;

export interface BudgetOptions {
  /** The organization's budget. */
  ratePerMinute: number;
  /** Requests in flight at once: enough to hide latency, the spacing keeps the rate. */
  concurrency: number;
  clock: Clock;
  /** The client's stop: it ends a pause nobody waits for any more. */
  stop: AbortSignal;
}

/** The budget a request about `orgId` is charged to: `org:<id>`, or `own` for the caller's own organization. */
export function budgetKeyOf(orgId: number | undefined): string {
  return orgId === undefined ? 'own' : `org:${orgId}`;
}

function describeBudget(orgId: number | undefined): string {
  return orgId === undefined ? "the key's own organization" : `organization ${orgId}`;
}

/** Waits for a turn of a budget other processes share too (LISTING_RATE_REDIS_URL). */
export type SharedTurn = (signal: AbortSignal) => Promise<void>;

/**
 * The budget of one organization: a p-queue bounds the requests in flight, and each attempt takes
 * a turn just before it is sent; callers take their turns in the order they asked.
 */
export class OrgBudget {
  readonly counters: RequestCounters = createCounters();
  private readonly queue: PQueue;
  private readonly rate: AdaptiveRate;
  private lastStart = -Infinity;
  /** Set once a call waited out --max-rate-wait on 429s, or --max-outage on failures, in vain, or was asked to wait past --max-retry-after; cleared by an answer that shows it over, or by a new step of a job. */
  private spent: SpentRetries | undefined;
  /** When one of its calls was last answered below 500: an outage is the organization's only if none was for all of it. */
  private lastAnsweredAt = -Infinity;
  /** The Retry-After pause under way: `done` settles once the clock reaches `until`. */
  private pause: { until: number; done: Promise<void> } | undefined;
  private turns: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: BudgetOptions,
    private readonly sharedTurn?: SharedTurn,
    /** Whose budget, for a message: `organization 12`. */
    readonly name = describeBudget(undefined),
  ) {
    this.queue = new PQueue({ concurrency: options.concurrency });
    this.rate = new AdaptiveRate(options.ratePerMinute);
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

  /** Resolves with the start time once an attempt may be sent: after any pause, one interval after the last start. */
  waitTurn(signal: AbortSignal): Promise<number> {
    const turn = this.turns.then(() => this.waitUntilOpen(signal));
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  /** An answer other than a 429: it ends a storm or a long wait asked, and, unless a 5xx, an outage. */
  noteAnswered(status: number): void {
    if (this.spent !== 'outage' || status < 500) this.spent = undefined;
    if (status < 500) this.lastAnsweredAt = this.options.clock.now();
    this.rate.increase();
  }

  /**
   * A call gave up after --max-rate-wait on 429s, on a 429 asking to wait past --max-retry-after,
   * or after `outageMs` (--max-outage) of failures while no other call of the organization was
   * answered either (one resource that keeps failing is no outage): its other calls are not sent
   * (`spentRetries`) until an answer of it shows that over. Each would otherwise wait out the whole
   * budget again, one after the other.
   */
  noteRetriesSpent(spent: SpentRetries, outageMs: number): void {
    if (spent === 'outage' && this.options.clock.now() - this.lastAnsweredAt < outageMs) return;
    this.spent = spent;
  }

  spentRetries(): SpentRetries | undefined {
    return this.spent;
  }

  /**
   * A new step of a job: an organization given up is tried again, since nothing sent means no answer
   * to show the storm or the outage over. Its first request is sent, and the give-up applies again
   * only if that fails the same way.
   */
  tryAgain(): void {
    this.spent = undefined;
  }

  /**
   * Another client shares the budget: every start to this organization, the retry of this request
   * included, waits `retryAfterMs`, and the rate slows. A pause under way is extended, never
   * waited twice.
   */
  noteRateLimited(retryAfterMs: number, sentAt: number): void {
    const { clock, stop } = this.options;
    const now = clock.now();
    this.rate.decrease(sentAt, now);
    const current = this.pause;
    const until = now + retryAfterMs;
    if (until <= (current?.until ?? now)) return;
    const wait = current === undefined ? clock.sleep(retryAfterMs, stop) : current.done.then(() => clock.sleep(until - current.until, stop));
    const pause = {
      until,
      done: wait.catch(() => undefined).then(() => {
        if (this.pause === pause) this.pause = undefined;
      }),
    };
    this.pause = pause;
  }

  private intervalMs(): number {
    return (60_000 / this.rate.perMinute) * (1 + SAFETY_MARGIN);
  }

  private async waitUntilOpen(signal: AbortSignal): Promise<number> {
    // A pause may begin and the interval change while this caller waits: check again on waking.
    for (;;) {
      signal.throwIfAborted();
      const { pause } = this;
      if (pause !== undefined) {
        await untilAborted(pause.done, signal);
        continue;
      }
      const now = this.options.clock.now();
      const interval = this.intervalMs();
      const openAt = this.lastStart + interval;
      if (now < openAt) {
        await this.options.clock.sleep(openAt - now, signal);
        continue;
      }
      // A timer that fires a little late does not push every later start back; after an idle spell there is no catching up.
      const late = now - openAt < interval ? now - openAt : 0;
      // Waiting for the shared turn holds the others' turns, so a pause and the spacing apply when the request leaves.
      await this.sharedTurn?.(signal);
      const turnAt = this.options.clock.now();
      // A 429 answered meanwhile paused or slowed the budget: that turn is given up, another taken once it opens.
      if (this.pause !== undefined || turnAt < this.lastStart + this.intervalMs()) continue;
      this.lastStart = turnAt - late;
      return turnAt;
    }
  }
}

export interface CountersSnapshot {
  total: RequestCounters;
  /** Per budget key (budgetKeyOf). */
  organizations: Record<string, RequestCounters & { ratePerMinute: number }>;
}

/** One budget per organization, shared by every step of the process that talks to it. */
export class OrgBudgets {
  private readonly budgets = new Map<string, OrgBudget>();

  constructor(
    private readonly options: BudgetOptions,
    /** The shared budget's turn for an organization, when LISTING_RATE_REDIS_URL is set. */
    private readonly sharedTurnFor?: (orgId: number | undefined) => SharedTurn,
  ) {}

  budgetFor(orgId: number | undefined): OrgBudget {
    const key = budgetKeyOf(orgId);
    let budget = this.budgets.get(key);
    if (budget === undefined) {
      budget = new OrgBudget(this.options, this.sharedTurnFor?.(orgId), describeBudget(orgId));
      this.budgets.set(key, budget);
    }
    return budget;
  }

  /** A new step of a job: every organization given up is tried again (OrgBudget.tryAgain). */
  tryAgain(): void {
    for (const budget of this.budgets.values()) budget.tryAgain();
  }

  readCounters(): CountersSnapshot {
    const entries = [...this.budgets.entries()];
    return {
      total: sumCounters(entries.map(([, budget]) => budget.counters)),
      organizations: Object.fromEntries(entries.map(([key, budget]) => [key, { ...budget.counters, ratePerMinute: budget.ratePerMinute }])),
    };
  }
}
