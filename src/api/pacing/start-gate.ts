import type { Clock } from './clock.js';

/**
 * Lets requests start one at a time, at least `intervalMs()` apart and never
 * during a pause. Spacing starts (rather than counting them per fixed window,
 * which lets twice the cap through across a window boundary) keeps every
 * sliding window under the budget.
 */
export class StartGate {
  private lastStart = -Infinity;
  private pausedUntil = -Infinity;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly intervalMs: () => number,
    private readonly clock: Clock,
    /** A turn of a budget other processes share, taken once the gate is open, just before the start. */
    private readonly sharedTurn?: (signal: AbortSignal) => Promise<void>,
  ) {}

  pauseUntil(at: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, at);
  }

  /** Resolves with the start time once the caller may send; callers pass in the order they asked. */
  waitTurn(signal: AbortSignal): Promise<number> {
    const turn = this.tail.then(() => this.waitUntilOpen(signal));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async waitUntilOpen(signal: AbortSignal): Promise<number> {
    // The interval and the pause may change while this caller sleeps: check again on waking.
    for (;;) {
      signal.throwIfAborted();
      const now = this.clock.now();
      const interval = this.intervalMs();
      const openAt = Math.max(this.lastStart + interval, this.pausedUntil);
      if (now < openAt) {
        await this.clock.sleep(openAt - now, signal);
        continue;
      }
      // A timer that fires a little late does not push every later start back; after an idle spell there is no catching up.
      const late = now - openAt < interval ? now - openAt : 0;
      if (this.sharedTurn === undefined) {
        this.lastStart = now - late;
        return now;
      }
      // Waiting for the shared turn holds the gate, so its pause and spacing apply when the request leaves.
      await this.sharedTurn(signal);
      const turnAt = this.clock.now();
      // A 429 answered meanwhile paused or slowed the gate: that turn is given up, another taken once it opens.
      if (turnAt < Math.max(this.lastStart + this.intervalMs(), this.pausedUntil)) continue;
      this.lastStart = turnAt - late;
      return turnAt;
    }
  }
}
