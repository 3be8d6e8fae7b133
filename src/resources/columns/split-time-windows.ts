import { writeMidnightEnd } from '../../api/facts/write-midnight-end.js';

const WINDOW = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;
const CANONICAL_WINDOWS = /^\d\d:\d\d-\d\d:\d\d(?:,\d\d:\d\d-\d\d:\d\d)*$/;

/**
 * Time windows separated by commas, semicolons, pipes or spaces; `9:00 - 12:00` reads as
 * `09:00-12:00`, and an end at `24:00` as `00:00` (midnight as the service writes it). Tokens that
 * are no window come back as typed, for the schema to refuse.
 */
export function splitTimeWindows(text: string): string[] {
  // Exports write windows this way: nothing to pad or tidy.
  if (CANONICAL_WINDOWS.test(text)) return text.split(',').map(writeMidnightEnd);
  return text
    .replace(/\s*-\s*/g, '-')
    .split(/[\s,;|]+/)
    .filter((token) => token !== '')
    .map(padWindow);
}

function padWindow(token: string): string {
  const match = WINDOW.exec(token);
  if (match === null) return token;
  const [, openHour = '', openMinute = '', closeHour = '', closeMinute = ''] = match;
  return writeMidnightEnd(`${openHour.padStart(2, '0')}:${openMinute}-${closeHour.padStart(2, '0')}:${closeMinute}`);
}
