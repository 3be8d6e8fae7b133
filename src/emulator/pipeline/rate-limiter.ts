export interface RateDecision {
  allowed: boolean;
  /** Seconds to wait before the next request can be accepted (when refused). */
  retryAfterS: number;
}

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

  take(bucket: string, nowMs: number): RateDecision {
    const log = this.logs.get(bucket) ?? [];
    this.logs.set(bucket, log);
    const windowStart = nowMs - this.windowMs;
    let expired = 0;
    while (expired < log.length && (log[expired] ?? 0) <= windowStart) expired++;
    if (expired > 0) log.splice(0, expired);
    const oldest = log[0];
    if (log.length >= this.limit && oldest !== undefined) {
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil((oldest + this.windowMs - nowMs) / 1000)) };
    }
    log.push(nowMs);
    return { allowed: true, retryAfterS: 0 };
  }
}
