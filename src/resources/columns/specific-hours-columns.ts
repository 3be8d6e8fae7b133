import { SpecificHoursSchema, type SpecificHours } from '../../api/schemas/business.js';
import type { CellContext } from '../cells/cell-context.js';
import type { Column, Parsed } from '../column.js';
import { defineColumn } from '../define-column.js';
import { LIST_SEPARATOR, splitList } from './list-column.js';
import { DATE_PATTERN, parseDate } from './parse-date.js';
import { DASH, readTimeWindows } from './split-time-windows.js';

type DateRange = SpecificHours['close'][number];
type OpenDays = SpecificHours['open'][number];

const DATE = `(${DATE_PATTERN})`;
/** `..`, or a dash between two whole dates (`2026-12-24 - 2026-12-26`, an en dash too): no date holds one around it. */
const TO = String.raw`\s*(?:\.\.|${DASH})\s*`;
const CLOSE_ENTRY = new RegExp(String.raw`^${DATE}(?:${TO}${DATE})?$`);
const OPEN_ENTRY = new RegExp(String.raw`^${DATE}(?:${TO}${DATE})?\s+(.+)$`);
// Dates also read as the sheet writes them (parseDate); the grammar names the form exports write.
const DATES_GRAMMAR = 'yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd';

/** A range in words (`2026-12-24 to 2026-12-26`, `du 24/12/2026 au 26/12/2026`, `bis`, `al`, `tot`): refused with the range it means. */
const RANGE_IN_WORDS = new RegExp(String.raw`^(?:(?:du|from|von|vom|del|dal|van)\s+)?${DATE}\s+(?:to|till|until|au|à|bis|al|a|tot|t/m)\s+${DATE}(\s+.+)?$`, 'i');

function suggestRange(entry: string): string | undefined {
  const match = RANGE_IN_WORDS.exec(entry);
  return match === null ? undefined : `${match[1] ?? ''}..${match[2] ?? ''}${match[3] ?? ''}`;
}

/** `specific_hours.close`: days or ranges of days the business is closed. */
export const specificCloseColumn: Column<DateRange[]> = defineColumn<DateRange[]>({
  header: 'specific_hours.close',
  description: 'Days the business is closed outside its week hours (holidays)',
  grammar: `dates ${DATES_GRAMMAR} separated by ${LIST_SEPARATOR}`,
  schema: SpecificHoursSchema.shape.close,
  asciiDigits: true,
  example: [
    { starts_at: '2026-12-25', ends_at: '2026-12-25' },
    { starts_at: '2027-08-01', ends_at: '2027-08-15' },
  ],
  parse: (cell, context) =>
    parseEntries(String(cell), `must be dates ${DATES_GRAMMAR} separated by ${LIST_SEPARATOR}`, (entry) => {
      const match = CLOSE_ENTRY.exec(entry);
      return match === null ? undefined : readRange(context, match[1], match[2]);
    }),
  format: (ranges) => ranges.map(formatRange).join(LIST_SEPARATOR),
});

/** `specific_hours.open`: days or ranges of days with hours of their own. */
export const specificOpenColumn: Column<OpenDays[]> = defineColumn<OpenDays[]>({
  header: 'specific_hours.open',
  description: 'Days with opening hours of their own (Sunday before Christmas, summer hours)',
  grammar: `entries '${DATES_GRAMMAR} HH:MM-HH:MM,HH:MM-HH:MM' separated by ${LIST_SEPARATOR}`,
  schema: SpecificHoursSchema.shape.open,
  asciiDigits: true,
  example: [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: ['07:00-13:00'] }],
  parse: (cell, context) =>
    parseEntries(String(cell), `must be entries '${DATES_GRAMMAR} HH:MM-HH:MM,HH:MM-HH:MM' separated by ${LIST_SEPARATOR}`, (entry) => {
      const match = OPEN_ENTRY.exec(entry);
      if (match === null) return undefined;
      const range = readRange(context, match[1], match[2]);
      if ('error' in range) return range;
      const windows = readTimeWindows(match[3] ?? '', 'a day closed goes in specific_hours.close');
      return 'error' in windows ? windows : { value: { ...range.value, open_hours: windows.value } };
    }),
  format: (days) => days.map((entry) => `${formatRange(entry)} ${entry.open_hours.join(',')}`).join(LIST_SEPARATOR),
});

/** Entries separated by `|`; an entry that does not read names itself, with the grammar or what was wrong with its date. */
function parseEntries<E>(cell: string, error: string, parseEntry: (entry: string) => Parsed<E> | undefined): Parsed<E[]> {
  const entries: E[] = [];
  for (const text of splitList(cell)) {
    const entry = parseEntry(text);
    if (entry === undefined) {
      const meant = suggestRange(text);
      return { error: meant === undefined ? error : `${error} (did you mean ${meant}?)`, got: text };
    }
    if ('error' in entry) return { error: entry.error, got: text };
    entries.push(entry.value);
  }
  return { value: entries };
}

/** A range from its dates as the sheet wrote them; the same day twice when it has no end. */
function readRange(context: CellContext, starts = '', ends?: string): Parsed<DateRange> {
  const start = readDate(starts, context);
  if ('error' in start) return start;
  const end = ends === undefined ? start : readDate(ends, context);
  if ('error' in end) return end;
  return { value: { starts_at: start.value, ends_at: end.value } };
}

// The pattern matched a date form: parseDate reads every one of them.
function readDate(text: string, context: CellContext): Parsed<string> {
  const read = parseDate(text, context);
  if (read === undefined) return { value: text };
  return 'date' in read ? { value: read.date } : read;
}

function formatRange({ starts_at: startsAt, ends_at: endsAt }: DateRange): string {
  return startsAt === endsAt ? startsAt : `${startsAt}..${endsAt}`;
}
