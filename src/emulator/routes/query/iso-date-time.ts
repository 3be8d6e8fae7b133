/** Date, then optional time with optional seconds, fraction and offset (`Z`, `+02`, `+0200`, `+02:00`). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2})(:\d{2})?(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Epoch milliseconds of an ISO 8601 date or date-time, undefined when it is
 * not one. A value without an offset is read as UTC, not in the host's zone.
 */
export function parseIsoDateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text);
  if (match === null) return undefined;
  const [, year = '', month = '', day = '', time = '00:00', seconds = ':00', fraction = '', offset = 'Z'] = match;
  // Date.parse rolls 30 February over to March: check the calendar day first.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return undefined;
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  const digits = offset.slice(1).replace(':', '');
  const zone = offset.toUpperCase() === 'Z' ? 'Z' : `${offset.charAt(0)}${digits.slice(0, 2)}:${digits.slice(2) || '00'}`;
  const ms = Date.parse(`${year}-${month}-${day}T${time}${seconds}.${millis}${zone}`);
  return Number.isNaN(ms) ? undefined : ms;
}
