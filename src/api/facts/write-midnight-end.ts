const END_AT_24 = '-24:00';

/**
 * A window that runs to midnight as the published description (2021) writes it: `18:00-24:00`
 * becomes `18:00-00:00`, since that edition has no 24:00. Any other text is left as it is.
 */
export function writeMidnightEnd(window: string): string {
  return window.endsWith(END_AT_24) ? `${window.slice(0, -END_AT_24.length)}-00:00` : window;
}
