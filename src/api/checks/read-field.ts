/** A field of an item as the service sent it, whatever the item is: checks of answers against requests read raw items. */
export function readField(item: unknown, field: string): unknown {
  return typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
}

/**
 * A date-time of a query or an answer in epoch milliseconds; one without an offset is UTC, as the
 * emulator reads it. An offset of the hour alone (`+02`, ISO 8601) is one Date.parse does not read.
 */
export function parseUtc(text: string): number {
  const offset = withOffsetMinutes(text);
  const withZone = /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(offset) || !offset.includes('T') ? offset : `${offset}Z`;
  return Date.parse(withZone);
}

/** An offset of the hour alone (`+02`, as the service may write it) or without its colon (`+0200`), both ISO 8601, as `+02:00`. */
export function withOffsetMinutes(text: string): string {
  return text.replace(/([T ].*[+-]\d{2}):?(\d{2})?$/i, (_match, hour: string, minutes: string | undefined) => `${hour}:${minutes ?? '00'}`);
}
