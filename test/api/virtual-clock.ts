import type { Clock } from '../../src/api/pacing/clock.js';

interface Timer {
  at: number;
  resolve: () => void;
}

/** A clock whose time moves only when the test runs its timers: pacing is checked without waiting. */
export class VirtualClock implements Clock {
  /** Every wait asked for, in milliseconds, in order. */
  readonly sleeps: number[] = [];
  private time = 0;
  private readonly timers: Timer[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.timers.splice(this.timers.indexOf(timer), 1);
        reject(new DOMException('aborted', 'AbortError'));
      };
      const timer = {
        at: this.time + ms,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.timers.push(timer);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Fires the timers in time order, letting promise chains settle after each, until none is due before `untilMs`. */
  async run(untilMs = Infinity): Promise<void> {
    for (;;) {
      await settle();
      const next = this.earliest();
      if (next === undefined || next.at > untilMs) return;
      this.fire(next);
    }
  }

  /** Fires the timers in time order until `work` settles, and gives what it settled to. */
  async runUntilSettled<T>(work: Promise<T>): Promise<T> {
    const progress = { done: false };
    work.then(
      () => (progress.done = true),
      () => (progress.done = true),
    );
    while (!progress.done) await this.run();
    return work;
  }

  /** Fires the earliest timer only, once promise chains settle: the test lets one wait end at a time. */
  async runNext(): Promise<void> {
    await settle();
    const next = this.earliest();
    if (next !== undefined) this.fire(next);
  }

  private earliest(): Timer | undefined {
    return this.timers.reduce<Timer | undefined>((first, timer) => (first === undefined || timer.at < first.at ? timer : first), undefined);
  }

  private fire(timer: Timer): void {
    this.timers.splice(this.timers.indexOf(timer), 1);
    this.time = Math.max(this.time, timer.at);
    timer.resolve();
  }
}

/** Pure promise work runs in microtasks, all of which drain before the next macrotask. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
