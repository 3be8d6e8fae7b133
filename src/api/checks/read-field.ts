/** A field of an item as the service sent it, whatever the item is: checks of answers against requests read raw items. */
export function readField(item: unknown, field: string): unknown {
  return typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
}

/** A date-time of a query or an answer in epoch milliseconds; one without an offset is UTC, as the emulator reads it. */
export function parseUtc(text: string): number {
  const withZone = /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !text.includes('T') ? text : `${text}Z`;
  return Date.parse(withZone);
}
