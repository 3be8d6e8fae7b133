import { isRecord } from '../../api/schemas/reading/is-record.js';
import { isEmptyField } from '../../api/schemas/reading/lenient.js';
import { cutText } from '../../cut-text.js';

/** `field: 'Old' -> 'New'`: one entry of a report's `_changes`. */
export function describeChange(field: string, before: unknown, after: unknown): string {
  return `${field}: ${showValue(before)} -> ${showValue(after)}`;
}

/** Whether two values look different in `_changes`: long ones are cut short, and may not. */
export function showsApart(before: unknown, after: unknown): boolean {
  return showValue(before) !== showValue(after);
}

/** `field: -> 'New'`: what a patch sends, without a current value to compare with. */
export function describeSetting(field: string, value: unknown): string {
  return `${field}: -> ${showValue(value)}`;
}

/** `field: base 'A' / file 'B' / current 'C'`: a field the file and the API both changed since the export. */
export function describeConflict(field: string, base: unknown, file: unknown, current: unknown): string {
  return `${field}: base ${showValue(base)} / file ${showValue(file)} / current ${showValue(current)}`;
}

/** A conflict in `_errors`: `conflict: city changed in the platform since the export ('A' -> 'B')`, in ASCII so that a Windows-1252 report keeps it; `_changes` holds the file's value too. */
export function describeConflictError(field: string, base: unknown, current: unknown): string {
  return `conflict: ${field} changed in the platform since the export (${showValue(base)} -> ${showValue(current)})`;
}

/**
 * Absent, null and empty mean the same to a person reading a sheet, at any depth. A number and
 * the decimal text a service may give it as (`"48.850"` for 48.85) are one value, and so are two
 * numbers a float's noise apart, so that no write is sent for nothing; two texts stay texts
 * (`"1.50"` is not `"1.5"` in a description), the same whichever way their accents are written
 * (`é` or `e` and its accent, as a Mac may type it: NFC and NFD are one text).
 */
export function isSameValue(current: unknown, wanted: unknown): boolean {
  const [was, now] = [normalise(current), normalise(wanted)];
  if (typeof was === 'number' || typeof now === 'number') return isSameNumber(was, now);
  if (Array.isArray(was) || Array.isArray(now)) {
    return Array.isArray(was) && Array.isArray(now) && was.length === now.length && was.every((item, index) => isSameValue(item, now[index]));
  }
  if (isRecord(was) && isRecord(now)) {
    return [...new Set([...Object.keys(was), ...Object.keys(now)])].every((key) => isSameValue(was[key], now[key]));
  }
  return typeof was === 'string' && typeof now === 'string' ? composeAccents(was) === composeAccents(now) : was === now;
}

// CJK compatibility ideographs, which NFC would replace by their unified forms: a name may use them on purpose (a Mac's NFD keeps them too).
const COMPATIBILITY_IDEOGRAPHS = /([\uF900-\uFAFF\u{2F800}-\u{2FA1F}]+)/u;

/** A text with its accents composed (NFC), its CJK compatibility ideographs kept. */
function composeAccents(text: string): string {
  return text
    .split(COMPATIBILITY_IDEOGRAPHS)
    .map((part, index) => (index % 2 === 1 ? part : part.normalize('NFC')))
    .join('');
}

/** No value, as a person reads a cell: absent, null, an empty text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return isEmptyField(value) || (Array.isArray(value) && value.length === 0);
}

function normalise(value: unknown): unknown {
  return value === undefined || value === '' ? null : value;
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

// Twelve significant digits: a spreadsheet or a database prints a double with up to 17, whose last ones are noise.
const NOISE = 1e-12;

/** One number, the same but for a binary float's noise (`7.2545470000001` for 7.254547): no write is sent for it. */
function isSameNumber(was: unknown, now: unknown): boolean {
  const asNumber = (value: unknown): number | undefined =>
    typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : undefined;
  const [a, b] = [asNumber(was), asNumber(now)];
  if (a === undefined || b === undefined) return false;
  // Whole numbers (ids, counts) have no noise: they are the same only when equal.
  return a === b || (!(Number.isInteger(a) && Number.isInteger(b)) && Math.abs(a - b) <= NOISE * Math.max(Math.abs(a), Math.abs(b)));
}

const SHOWN_LENGTH = 60;

function showValue(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : showList(value) ?? JSON.stringify(value);
  const cut = text.length > SHOWN_LENGTH ? `${cutText(text, SHOWN_LENGTH - 1)}…` : text;
  return `'${cut}'`;
}

/** A list of plain values as a cell holds it (`09:00-12:00,14:00-18:00`); an empty list of windows is a closed day. */
function showList(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.some((item) => typeof item === 'object' && item !== null)) return undefined;
  return value.map(String).join(',');
}
