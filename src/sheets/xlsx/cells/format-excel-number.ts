import type { CellValue } from '../../sheet-reader.js';
import { convertExcelSerial, formatExcelDate } from './format-excel-date.js';

// LibreOffice gives boolean formula results a number format instead of the boolean type.
const BOOLEAN_FORMAT = /^"TRUE";"TRUE";"FALSE"$/i;
// Zip codes kept as numbers behind a "00000" format.
const ZERO_PADDED_FORMAT = /^0+$/;
// Literal text (quoted, bracketed, escaped or padding) cannot make a format a date format.
const FORMAT_LITERALS = /"[^"]*"|\[[^\]]*\]|\\.|[_*]./g;
const DATE_PARTS = /[dmyhs]/i;
// Whole numbers of 16 digits or more.
const LOST_DIGITS = 1e15;

/** A number as the spreadsheet shows it, as far as its format matters for data. */
export function formatExcelNumber(value: number, numFmt: string | undefined, date1904: boolean): CellValue {
  if (numFmt !== undefined) {
    if (BOOLEAN_FORMAT.test(numFmt)) return value !== 0;
    if (isDateFormat(numFmt)) return formatExcelDate(convertExcelSerial(value, date1904), date1904);
    if (ZERO_PADDED_FORMAT.test(numFmt) && Number.isInteger(value) && value >= 0) return String(value).padStart(numFmt.length, '0');
  }
  // Excel keeps 15 significant digits: a longer whole number lost its last ones, and shows as
  // 1.23457E+15, which a text column refuses rather than send digits Excel made up.
  if (Number.isInteger(value) && Math.abs(value) >= LOST_DIGITS) return formatScientific(value);
  // 15 significant digits, as Excel shows: 0.1 + 0.2 reads 0.3; integral floats lose their ".0".
  return String(Number(value.toPrecision(15)));
}

/** `1.23457E+15`, as Excel's General format shows a number too long for it. */
function formatScientific(value: number): string {
  const [mantissa = '', exponent = ''] = value.toExponential(5).split('e');
  return `${mantissa.replace(/\.?0+$/, '')}E${exponent.startsWith('-') ? '-' : '+'}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
}

export function isDateFormat(numFmt: string): boolean {
  return DATE_PARTS.test(numFmt.replace(FORMAT_LITERALS, ''));
}
