/** `yyyy-mm-dd` of an instant, in UTC. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The API key timestamp format, `YYYY-MM-DD HH:MM:SS.ffffff+00`. */
export function formatKeyTimestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}000+00`;
}

/** ISO 8601 with microseconds and an offset, as feedback and message templates carry. */
export function formatIsoMicros(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000+00:00`;
}

/** A timestamp of `formatIsoMicros` said at UTC+`hours` with an hour-only offset (`+02`), its microseconds kept. */
export function sayAtHourOffset(timestamp: string, hours: number): string {
  const local = new Date(Date.parse(timestamp) + hours * 3_600_000).toISOString().slice(0, 19);
  const sign = hours < 0 ? '-' : '+';
  return `${local}.${timestamp.slice(20, 26)}${sign}${String(Math.abs(hours)).padStart(2, '0')}`;
}
