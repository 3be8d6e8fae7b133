/** The rate never drops below this share of the budget, so a busy organization still makes progress. */
const FLOOR_SHARE = 1 / 16;
/** Share of the budget regained per answered request: from half the budget back to all of it in 25 answers. */
const RECOVERY_SHARE = 1 / 50;

/**
 * An organization's sending rate, additive-increase / multiplicative-decrease:
 * a 429 means other clients share the budget, so it halves; each answer then
 * wins a little back, up to the budget.
 */
export class AdaptiveRate {
  private current: number;
  private decreasedAt = -Infinity;

  constructor(readonly budgetPerMinute: number) {
    this.current = budgetPerMinute;
  }

  get perMinute(): number {
    return this.current;
  }

  /** A 429 for a request sent at `sentAt`: requests sent before the last cut were sent too fast already and cut nothing more. */
  decrease(sentAt: number, now: number): void {
    if (sentAt < this.decreasedAt) return;
    this.current = Math.max(this.budgetPerMinute * FLOOR_SHARE, this.current / 2);
    this.decreasedAt = now;
  }

  increase(): void {
    this.current = Math.min(this.budgetPerMinute, this.current + this.budgetPerMinute * RECOVERY_SHARE);
  }
}
