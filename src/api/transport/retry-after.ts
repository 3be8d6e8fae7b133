const DELTA_SECONDS = /^\d+(\.\d+)?$/;

/** Milliseconds a `Retry-After` header asks to wait (seconds, or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
