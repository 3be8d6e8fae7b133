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
