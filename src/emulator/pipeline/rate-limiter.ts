/**
 * Sliding-window log per bucket (an organization): at most `limit` accepted
 * requests in any window. Refused requests are not logged, so a client that
 * waits `Retry-After` is served again.
 */
export class SlidingWindowLimiter {
  private readonly logs = new Map<string, number[]>();
  readonly limit: number;

  constructor(
    ratePerMinute: number,
    readonly windowMs: number,
  ) {
    this.limit = Math.max(1, Math.ceil((ratePerMinute * windowMs) / 60_000));
  }

  /** Takes a request of `bucket`: 0 when it is accepted, else the seconds to wait before the next can be. */
  take(bucket: string, nowMs: number): number {
    const log = this.logs.get(bucket) ?? [];
    this.logs.set(bucket, log);
    const windowStart = nowMs - this.windowMs;
    let expired = 0;
    while (expired < log.length && (log[expired] ?? 0) <= windowStart) expired++;
    if (expired > 0) log.splice(0, expired);
    const oldest = log[0];
    if (log.length >= this.limit && oldest !== undefined) {
      return Math.max(1, Math.ceil((oldest + this.windowMs - nowMs) / 1000));
    }
    log.push(nowMs);
    return 0;
  }
}
