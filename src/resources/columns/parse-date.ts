import { convertExcelSerial } from '../../sheets/xlsx/cells/format-excel-date.js';
import { DATE_FORMATS, DOT_CONTEXT, type CellContext, type DateFormat } from '../cells/cell-context.js';

/** A date in any form parseDate reads, for patterns of cells that hold dates among other things. */
export const DATE_PATTERN = String.raw`\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}/\d{1,2}/\d{4}|\d{1,2}-\d{1,2}-\d{4}|\d{1,2}\.\d{1,2}\.\d{4}|\d{5}`;
export const DATE_GRAMMAR = 'a date yyyy-mm-dd (or yyyy/mm/dd, dd/mm/yyyy, mm/dd/yyyy, dd-mm-yyyy, dd.mm.yyyy as the sheet writes them)';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// The year first, as Chinese, Japanese and Korean spreadsheets write dates (`2023/7/29`): one order only.
const YEAR_FIRST = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/;
// Dashes too, as Dutch sheets write dates (`29-7-2023`) and some CRMs theirs: read in the same orders.
const SLASH_DATE = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;
// Day first, as German, Swiss, Polish, Russian and Nordic sheets write dates (`29.07.2023`): one order only.
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
// A time after the date, as CRMs export a date field (`2023-07-29T00:00:00Z`, `29/07/2023 00:00`), and
// PostgreSQL a timestamp with its zone in hours (`2023-07-29 00:00:00+00`).
const TIME_OF_DAY = /^(.+?)[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
const SLASH_DATES = /\b(\d{1,2})\/(\d{1,2})\/\d{4}\b/g;
// Five digits: spreadsheet serials of 1927 to 2173, which a date cell saved as a number shows.
const SERIAL = /^\d{5}$/;

/**
 * The date the API takes (yyyy-mm-dd) from what spreadsheets write: ISO, `yyyy/m/d`, the locale's `a/b/yyyy`
 * (see CellContext), or a date serial (a date cell typed as a number). An error names a date whose
 * order cannot be told; undefined is no date form at all, for the schema to refuse.
 */
export function parseDate(text: string, context: CellContext): { date: string } | { error: string } | undefined {
  const read = readDateForm(text, context);
  if (read === undefined || 'error' in read) return read;
  const fault = findCalendarFault(read.date);
  return fault === undefined ? read : { error: fault };
}

const MONTHS = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });

/** Why a yyyy-mm-dd is no day of the calendar (`2023-02-30`, `29/02/2023`), undefined for a real one. */
function findCalendarFault(date: string): string | undefined {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  if (month < 1 || month > 12) return `is no day of the calendar (there is no month ${month})`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day >= 1 && day <= days ? undefined : `is no day of the calendar (${MONTHS.format(Date.UTC(year, month - 1, 1))} ${year} has ${days} days)`;
}

function readDateForm(text: string, context: CellContext): { date: string } | { error: string } | undefined {
  const trimmed = text.trim();
  if (ISO_DATE.test(trimmed)) return { date: trimmed };
  const timed = TIME_OF_DAY.exec(trimmed);
  if (timed !== null) {
    const read = readDateForm(timed[1] ?? '', context);
    const time = [timed[2], timed[3], timed[4]];
    if (read === undefined || 'error' in read) return read;
    // Midnight is a date field's own time; any other would make the day depend on its time zone.
    return time.every((part) => part === undefined || Number(part) === 0) ? read : { error: `holds a time of day; write the date alone (${read.date}) if that is the day meant` };
  }
  const dotted = DOTTED_DATE.exec(trimmed);
  if (dotted !== null) return { date: `${dotted[3] ?? ''}-${pad(Number(dotted[2]))}-${pad(Number(dotted[1]))}` };
  if (SERIAL.test(trimmed)) return { date: convertExcelSerial(Number(trimmed), context.date1904 === true).toISOString().slice(0, 10) };
  const yearFirst = YEAR_FIRST.exec(trimmed);
  if (yearFirst !== null) return { date: `${yearFirst[1] ?? ''}-${pad(Number(yearFirst[3]))}-${pad(Number(yearFirst[4]))}` };
  const match = SLASH_DATE.exec(trimmed);
  if (match === null) return undefined;
  const [first, second] = [Number(match[1]), Number(match[3])];
  const year = match[4] ?? '';
  const dayFirst = second <= 12;
  const monthFirst = first <= 12;
  const declared = context.slashDates?.declared === true ? context.slashDates.format : undefined;
  if (declared !== undefined && !(declared === 'dd/mm/yyyy' ? dayFirst : monthFirst)) return { error: `must be a date ${declared} (--date-format)` };
  const format = declared ?? (dayFirst && monthFirst && first !== second ? context.slashDates?.format : dayFirst ? 'dd/mm/yyyy' : monthFirst ? 'mm/dd/yyyy' : undefined);
  if (format === undefined) {
    return dayFirst ? { error: 'could be dd/mm/yyyy or mm/dd/yyyy; write it yyyy-mm-dd, or give --date-format' } : { error: `must be ${DATE_GRAMMAR}` };
  }
  const [day, month] = format === 'dd/mm/yyyy' ? [first, second] : [second, first];
  return { date: `${year}-${pad(month)}-${pad(day)}` };
}

function pad(part: number): string {
  return String(part).padStart(2, '0');
}

/**
 * The one order in which a cell's `a/b/yyyy` dates, one of them readable either way (`8/6/2019`),
 * read as `known` (the row's `_base`): how the spreadsheet wrote the dates it was given. Undefined
 * when no such date is in the cell, or when neither order or both give `known`.
 */
export function findDateOrder(cell: string, known: string): DateFormat | undefined {
  const ambiguous = [...cell.matchAll(SLASH_DATES)].some(([, first = '', second = '']) => first !== second && Number(first) <= 12 && Number(second) <= 12);
  if (!ambiguous) return undefined;
  const orders = DATE_FORMATS.filter((format) => readDatesAs(cell, format) === known);
  return orders.length === 1 ? orders[0] : undefined;
}

function readDatesAs(cell: string, format: DateFormat): string {
  const context: CellContext = { ...DOT_CONTEXT, slashDates: { format, declared: true } };
  return cell.replace(SLASH_DATES, (date) => {
    const read = parseDate(date, context);
    return read !== undefined && 'date' in read ? read.date : date;
  });
}
