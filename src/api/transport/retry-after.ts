const DELTA_SECONDS = /^\d+(\.\d+)?$/;
// Each HTTP-date form opens with the day's name; Date.parse would also take `-5` or `1, 2` for a day of 2001.
const HTTP_DATE = /^[A-Za-z]{3}/;

/** Milliseconds a `Retry-After` header asks to wait (seconds, or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Number(text) * 1000;
  const at = HTTP_DATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
