import { writeMidnightEnd } from '../../api/facts/write-midnight-end.js';
import type { Parsed } from '../column.js';

const WINDOW = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;
const CANONICAL_WINDOWS = /^\d\d:\d\d-\d\d:\d\d(?:,\d\d:\d\d-\d\d:\d\d)*$/;

/** A `-`, or a dash a word processor or a spreadsheet's autocorrect puts for it: en and em dashes, the minus sign… */
export const DASH = String.raw`[-\u2010-\u2015\u2212]`;
const DASHES = new RegExp(String.raw`\s*${DASH}\s*`, 'g');
/** `9:00 AM`, `6 p.m.`: the space and dots a 12-hour clock is written with, taken out so that the time is one token to hint. */
const SPACED_HALF = /(\d)\s*([ap])\.?m\.?(?![a-z])/gi;

/**
 * Time windows separated by commas, semicolons, pipes, slashes or spaces; `9:00 - 12:00` and
 * `9:00–12:00` (an en dash) read as `09:00-12:00`, and an end at `24:00` as `00:00` (midnight as
 * the service writes it). Tokens that are no window come back as typed, for the schema to refuse.
 */
function splitTimeWindows(text: string): string[] {
  // Exports write windows this way: nothing to pad or tidy.
  if (CANONICAL_WINDOWS.test(text)) return text.split(',').map(writeMidnightEnd);
  return text
    .replace(SPACED_HALF, '$1$2m')
    .replace(DASHES, '-')
    .split(/[\s,;|/]+/)
    .filter((token) => token !== '')
    .map(padWindow);
}

function padWindow(token: string): string {
  const match = WINDOW.exec(token);
  if (match === null) return token;
  const [, openHour = '', openMinute = '', closeHour = '', closeMinute = ''] = match;
  return writeMidnightEnd(`${openHour.padStart(2, '0')}:${openMinute}-${closeHour.padStart(2, '0')}:${closeMinute}`);
}

/** "Closed" as people write it in the languages of our users' sheets, and a dash for none. */
const CLOSED_WORDS: ReadonlySet<string> = new Set([
  'closed', 'close', 'shut', 'fermé', 'ferme', 'fermée', 'fermeture', 'geschlossen', 'ruhetag', 'cerrado', 'chiuso', 'gesloten', 'stengt', 'lukket', 'stängt', 'fechado', 'zamknięte', '-',
]);
const WORD_BREAKS = /[\s,;|/.!:()]+/u;

/** A cell that says the day is closed, in words and without a time: `fermé`, `fermé le lundi`, `Closed on Mondays`. */
function isClosedInWords(text: string): boolean {
  return !/\d/.test(text) && text.normalize('NFC').toLowerCase().split(WORD_BREAKS).some((word) => CLOSED_WORDS.has(word));
}

/**
 * The windows of a cell, or a refusal with the windows it means when some are written in another
 * notation (`9h-12h`); a day closed in words is refused with `closedHint`, which says what the
 * column takes for it. Windows that are none are left for the schema to refuse.
 */
export function readTimeWindows(text: string, closedHint: string): Parsed<string[]> {
  if (isClosedInWords(text)) return { error: closedHint };
  const windows = splitTimeWindows(text);
  const suggested = windows.map((window) => suggestWindow(window) ?? window);
  const meant = suggested.every((window) => ONE_WINDOW.test(window)) ? suggested : (readWordedWindows(text) ?? suggested);
  if (meant.join(',') !== windows.join(',')) return { error: `must be time windows HH:MM-HH:MM (did you mean ${meant.join(',')}?)` };
  return { value: windows };
}

const ONE_WINDOW = /^\d\d:\d\d-\d\d:\d\d$/;
/** The words that say hours in a sentence (`de 9h à 12h et de 14h à 19h`, `9 h 30 - 12 h`, `from 9am to 5pm`), a time's `h` spaced off. */
const SPACED_H = /(\d)\s+h(?![\p{L}])/giu;
/** Minutes spaced off their `h` (`9h 30`, once `9 h 30` lost its first space), not an hour of the next window (`12h 14h-18h`). */
const SPACED_MINUTES = /(\d)h\s+(\d{2})(?![\d:.h])/giu;
const FROM = /(?:^|\s)(?:de|du|from|von|desde|dalle|van)\s+(?=\d)/giu;
const TO = /(?<=[\dhm.])\s+(?:à|a|au|to|till|until|bis|hasta|a las|alle|tot)\s+(?=\d)/giu;
const AND = /(?<=[\dhm.])\s+(?:et|and|und|y|e|en)\s+/giu;

/** The windows a cell written as a sentence means, for a hint only; undefined when a part is still no window. */
function readWordedWindows(text: string): string[] | undefined {
  const unworded = text.replace(SPACED_H, '$1h').replace(SPACED_MINUTES, '$1h$2').replace(FROM, ' ').replace(TO, '-').replace(AND, ',');
  const windows = splitTimeWindows(unworded).map((window) => suggestWindow(window) ?? window);
  return windows.length > 0 && windows.every((window) => ONE_WINDOW.test(window)) ? windows : undefined;
}

/** A time as people also write it: `9h`, `9h30`, `9.30`, `9am`, `5:30pm`, `0930`, and `09:00:00` as databases write a time. */
const OTHER_TIME = /^(\d{1,2})(?:[h.:]?(\d{2})(?::00)?|[h.:])?(am|pm)?$/i;

/**
 * The window a token means when written in another notation (`9h-12h30`, `9am-5pm`, `9.00-12.00`, `0900-1800`),
 * for a hint; undefined when it is none.
 */
function suggestWindow(token: string): string | undefined {
  const times = token.split('-').map(readOtherTime);
  const [open, close] = times;
  if (times.length !== 2 || open === undefined || close === undefined) return undefined;
  return writeMidnightEnd(`${open}-${close}`);
}

function readOtherTime(text: string): string | undefined {
  const [, hours = '', minutes = '00', half] = OTHER_TIME.exec(text) ?? [];
  let hour = Number(hours);
  if (hours === '' || Number(minutes) > 59) return undefined;
  if (half !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
  }
  return hour > 24 ? undefined : `${String(hour).padStart(2, '0')}:${minutes}`;
}
