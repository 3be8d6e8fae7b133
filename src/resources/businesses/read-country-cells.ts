import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { CellValue } from '../../sheets/index.js';
import { LIST_SEPARATOR } from '../columns/list-column.js';

const PHONES = 'contacts.0.phone_numbers';
const ZIP = 'zipcode';

/** Countries whose zip codes are digits of one length: a spreadsheet that typed the cell as a number dropped the leading zeros. */
const ZIP_DIGITS: Readonly<Record<string, number>> = { FR: 5, DE: 5, ES: 5, IT: 5, US: 5, FI: 5, MX: 5, MY: 5, NO: 4, DK: 4, BE: 4, CH: 4, AT: 4, AU: 4, NZ: 4, LU: 4, HU: 4 };

export interface CountryCells {
  cells: Readonly<Record<string, CellValue>>;
  /** How a cell was read, for `_changes`: the row is sent, but the person should know. */
  notes: string[];
}

/**
 * Reads with the row's country what people and spreadsheets write their own way: a national phone
 * number (`06 12 34 56 78`) becomes E.164, a zip code typed as a number (`6000`) gets its leading
 * zeros back. Without a known country the cells are left as they are, for their columns to judge.
 */
export function readCountryCells(cells: Readonly<Record<string, CellValue>>): CountryCells {
  const country = typeof cells.country === 'string' ? cells.country.trim().toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(country)) return { cells, notes: [] };
  const notes: string[] = [];
  const read: Record<string, CellValue> = { ...cells };
  const phones = cells[PHONES];
  if (typeof phones === 'string' && phones.trim() !== '') read[PHONES] = readNationalPhones(phones, country as CountryCode, notes);
  const zip = cells[ZIP];
  const digits = ZIP_DIGITS[country];
  if (typeof zip === 'string' && digits !== undefined && /^\d+$/.test(zip.trim()) && zip.trim().length < digits) {
    const padded = zip.trim().padStart(digits, '0');
    read[ZIP] = padded;
    notes.push(`${ZIP}: '${zip.trim()}' read as '${padded}' (zip codes in ${country} have ${digits} digits; the spreadsheet had dropped the leading zeros)`);
  }
  return { cells: read, notes };
}

function readNationalPhones(cell: string, country: CountryCode, notes: string[]): string {
  return cell
    .split(LIST_SEPARATOR)
    .map((item) => {
      const typed = item.trim();
      if (typed === '' || typed.startsWith('+') || typed.startsWith('#')) return item;
      const phone = parsePhoneNumberFromString(typed, country);
      if (phone === undefined || !phone.isValid()) return item;
      notes.push(`${PHONES}: '${typed}' read as ${phone.number} (a national number in ${country})`);
      return phone.number;
    })
    .join(LIST_SEPARATOR);
}
