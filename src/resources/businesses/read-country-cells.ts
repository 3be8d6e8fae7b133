import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { toAsciiDigits, type CellValue } from '../../sheets/index.js';
import type { CellContext } from '../cells/cell-context.js';
import { readCountry } from '../columns/country-column.js';
import { LIST_SEPARATOR } from '../columns/list-column.js';
import { LINE_BREAK, quoteCell } from '../cells/read-cell.js';
import { describePhoneFault } from './phone-item.js';

export const PHONES = 'contacts.0.phone_numbers';
export const ZIP = 'zipcode';

/** Countries whose zip codes are digits of one length: a spreadsheet that typed the cell as a number dropped the leading zeros. */
const ZIP_DIGITS: Readonly<Record<string, number>> = { FR: 5, DE: 5, ES: 5, IT: 5, US: 5, FI: 5, MX: 5, MY: 5, NO: 4, DK: 4, BE: 4, CH: 4, AT: 4, AU: 4, NZ: 4, LU: 4, HU: 4 };

/**
 * A phones cell with national numbers in a row that gives no country (a CRM's file without a
 * country column): read with its business's country once the business is read.
 */
export class PhonesAwaitingCountry {
  constructor(
    readonly cell: string,
    readonly context: CellContext,
  ) {}
}

export interface CountryCells {
  cells: Readonly<Record<string, CellValue>>;
  /** How a cell was read, for `_changes`: the row is sent, but the person should know. */
  notes: string[];
  /** The phones cell, when the row gives no country to read its national numbers by; `cells` then holds none. */
  awaiting?: string;
  /** National numbers that are none of the row's country's: `cells` then holds no phones. */
  errors?: string[];
}

/**
 * Reads with the row's country what people and spreadsheets write their own way: a national phone
 * number (`06 12 34 56 78`) becomes E.164, a zip code typed as a number (`6000`) gets its leading
 * zeros back. Without a country, national phone numbers wait for the business's (`awaiting`); a
 * country that is no code leaves the cells to their columns to judge.
 */
export function readCountryCells(cells: Readonly<Record<string, CellValue>>): CountryCells {
  const typed = typeof cells.country === 'string' ? cells.country.trim() : '';
  const phones = asAscii(cells[PHONES]);
  if (typed === '' && typeof phones === 'string' && holdsNationalNumber(phones)) return { cells: { ...cells, [PHONES]: '' }, notes: [], awaiting: phones };
  const country = readCountry(typed);
  if (country === undefined) return { cells, notes: [] };
  const notes: string[] = [];
  // Copied once a cell is read otherwise, not for every row: most rows' phones are in E.164 already.
  let read: Record<string, CellValue> | undefined;
  let errors: string[] | undefined;
  if (typeof phones === 'string' && phones.trim() !== '') {
    const national = readNationalPhones(phones, country, notes);
    const strangers = listNationalNumbers(national);
    if (strangers.length > 0) errors = [`${PHONES}: ${strangers.map(quoteCell).join(', ')} is not a phone number of ${country}, the row's country; write it in E.164 format (+33302060628)`];
    const phonesRead = errors === undefined ? national : '';
    if (phonesRead !== phones) read = { ...cells, [PHONES]: phonesRead };
  }
  const zip = asAscii(cells[ZIP]);
  const padded = typeof zip === 'string' ? padZipCode(zip, country, notes) : undefined;
  if (padded !== undefined) read = { ...(read ?? cells), [ZIP]: padded };
  return { cells: read ?? cells, notes, ...(errors === undefined ? {} : { errors }) };
}

/** Phones and zip codes are read as their columns read them: `０６ １２` and `٠٦ ١٢` are `06 12`. */
const asAscii = (cell: CellValue | undefined): CellValue | undefined => (typeof cell === 'string' ? toAsciiDigits(cell) : cell);

/** A zip code typed as a number (`6000`) with the leading zeros of its country's length (`06000`), and a note; undefined when it has all its digits. */
export function padZipCode(zip: string, country: string, notes: string[], whose = ''): string | undefined {
  const typed = zip.trim();
  const digits = ZIP_DIGITS[country];
  if (digits === undefined || !/^\d+$/.test(typed) || typed.length >= digits) return undefined;
  const padded = typed.padStart(digits, '0');
  notes.push(`${ZIP}: '${typed}' read as '${padded}' (zip codes in ${country}${whose} have ${digits} digits; the spreadsheet had dropped the leading zeros)`);
  return padded;
}

/** The national numbers of a phones cell in E.164, each with a note; `whose` says whose country it is, when not the row's. */
export function readNationalPhones(cell: string, country: string, notes: string[], whose = ''): string {
  return splitPhones(cell)
    .map((item) => {
      const typed = item.trim();
      if (!isNational(typed)) return item;
      const phone = parsePhoneNumberFromString(typed, country as CountryCode);
      // An extension has no place in E.164: the column refuses the item rather than send the number without it.
      if (phone === undefined || !phone.isValid() || phone.ext !== undefined) return item;
      // Digits that start with the country's code are the number in E.164 with its + lost, as a spreadsheet drops it.
      const digits = typed.replace(/\D/g, '');
      const international = `${phone.countryCallingCode}${phone.nationalNumber}`;
      const plusLost = digits === international;
      // A number dialled with the country's international prefix (`0049 30 …`, `0033 1 …` from FR) is no national number of it.
      const dialled = digits.length > international.length && digits.endsWith(international);
      const how = plusLost
        ? `its country code ${phone.countryCallingCode} without the +, which a spreadsheet drops`
        : dialled
          ? `a number of +${phone.countryCallingCode} as dialled from ${country}${whose}`
          : `a national number in ${country}${whose}`;
      notes.push(`${PHONES}: '${typed}' read as ${phone.number} (${how})`);
      return phone.number;
    })
    .join(LIST_SEPARATOR);
}

const splitPhones = (cell: string): string[] => cell.split(LIST_SEPARATOR);
/** One number without its `+`: not several, one with an extension, a `tel:` link or a line break, which the column refuses with the number meant. */
const isNational = (typed: string): boolean => typed !== '' && !typed.startsWith('+') && !typed.startsWith('#') && !LINE_BREAK.test(typed) && describePhoneFault(typed) === undefined;
/** Digits as a national number is written (`06 12 34 56 78`, `(0)4.95.21.00.01`), not a number a spreadsheet rounded (`4,47911E+11`), which its column refuses. */
const NATIONAL_DIGITS = /^[\d\s.()/-]*\d[\d\s.()/-]*$/;
const holdsNationalNumber = (cell: string): boolean => listNationalNumbers(cell).some((item) => NATIONAL_DIGITS.test(item));

/**
 * The items of a phones cell that are national numbers (no `+`), trimmed; those that are no one
 * number whatever the country (several, an extension) are left for the column to say why.
 */
export const listNationalNumbers = (cell: string): string[] =>
  splitPhones(cell)
    .map((item) => item.trim())
    .filter(isNational);
