import fc from 'fast-check';
import { listCountryCodes } from '../../src/resources/columns/country-column.js';

/** Texts that break spreadsheets or naive parsers: formula starts, quotes, separators, line breaks, non-Latin scripts. */
const TRICKY = ['=1+1', '+33 6 12', '-5', '@x', "'", '"', ',', ';', '|', '..', '\n', '\r\n', ' ', 'é', '😀', '東京', '#clear me', 'closed'];

export function text(maxLength = 40): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom(...TRICKY)), { maxLength: 4 })
    .map((parts) => parts.join('').slice(0, maxLength))
    .filter((value) => value.trim() !== '' && value.trim().toLowerCase() !== '#clear');
}

/** A token: no spaces around it, no list separator in it. */
export const token = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$/);
/** A business id as a sheet may give it: an id (never a dot), or `c-` and a store code. */
export const businessId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/), token.map((code) => `c-${code}`));
export const url = fc
  .tuple(fc.constantFrom('http', 'https'), fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[A-Za-z0-9_~.-]{0,20}$/))
  .map(([scheme, host, path]) => `${scheme}://${host}.example.com/${path}`);
/** Numbers of a length their country has, as libphonenumber-js writes them: French, US and British ones. */
export const phone = fc.oneof(fc.stringMatching(/^\+33[1-9]\d{8}$/), fc.stringMatching(/^\+1[2-9]\d{2}[2-9]\d{6}$/), fc.stringMatching(/^\+44[127]\d{9}$/));
export const category = fc.stringMatching(/^gcid:[a-z0-9_]{1,20}$/);
export const email = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.stringMatching(/^[a-z]{1,10}$/)).map(([user, host]) => `${user}@${host}.example.com`);

const pad = (value: number): string => String(value).padStart(2, '0');
/** A time of day as a window takes it: 00:00 to 23:59; a window to midnight ends at 00:00, whatever its start. */
const dayTime = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
export const timeWindow = fc.tuple(dayTime, fc.oneof(dayTime, fc.constant('00:00'))).map(([start, end]) => `${start}-${end}`);
export const date = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));
export const dateRange = fc.tuple(date, date).map(([a, b]) => (a <= b ? { starts_at: a, ends_at: b } : { starts_at: b, ends_at: a }));

export function decimal(min: number, max: number): fc.Arbitrary<number> {
  return fc.double({ min, max, noNaN: true }).filter((value) => !Object.is(value, -0));
}

export const countryCodes = listCountryCodes();
