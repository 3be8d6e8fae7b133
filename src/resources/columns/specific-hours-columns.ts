import { SpecificHoursSchema, type SpecificHours } from '../../api/schemas/business.js';
import type { Column, Parsed } from '../column.js';
import { defineColumn } from '../define-column.js';
import { LIST_SEPARATOR, splitList } from './list-column.js';
import { splitTimeWindows } from './split-time-windows.js';

type DateRange = SpecificHours['close'][number];
type OpenDays = SpecificHours['open'][number];

const DATE = String.raw`(\d{4}-\d{2}-\d{2})`;
const CLOSE_ENTRY = new RegExp(String.raw`^${DATE}(?:\s*\.\.\s*${DATE})?$`);
const OPEN_ENTRY = new RegExp(String.raw`^${DATE}(?:\s*\.\.\s*${DATE})?\s+(.+)$`);
const DATES_GRAMMAR = 'yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd';

/** `specific_hours.close`: days or ranges of days the business is closed. */
export const specificCloseColumn: Column<DateRange[]> = defineColumn<DateRange[]>({
  header: 'specific_hours.close',
  description: 'Days the business is closed outside its week hours (holidays)',
  grammar: `dates ${DATES_GRAMMAR} separated by ${LIST_SEPARATOR}`,
  schema: SpecificHoursSchema.shape.close,
  example: [
    { starts_at: '2026-12-25', ends_at: '2026-12-25' },
    { starts_at: '2027-08-01', ends_at: '2027-08-15' },
  ],
  parse: (cell) =>
    parseEntries(String(cell), `must be dates ${DATES_GRAMMAR} separated by ${LIST_SEPARATOR}`, (entry) => {
      const match = CLOSE_ENTRY.exec(entry);
      return match === null ? undefined : toRange(match[1], match[2]);
    }),
  format: (ranges) => ranges.map(formatRange).join(LIST_SEPARATOR),
});

/** `specific_hours.open`: days or ranges of days with hours of their own. */
export const specificOpenColumn: Column<OpenDays[]> = defineColumn<OpenDays[]>({
  header: 'specific_hours.open',
  description: 'Days with opening hours of their own (Sunday before Christmas, summer hours)',
  grammar: `entries '${DATES_GRAMMAR} HH:MM-HH:MM,HH:MM-HH:MM' separated by ${LIST_SEPARATOR}`,
  schema: SpecificHoursSchema.shape.open,
  example: [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: ['07:00-13:00'] }],
  parse: (cell) =>
    parseEntries(String(cell), `must be entries '${DATES_GRAMMAR} HH:MM-HH:MM,HH:MM-HH:MM' separated by ${LIST_SEPARATOR}`, (entry) => {
      const match = OPEN_ENTRY.exec(entry);
      return match === null ? undefined : { ...toRange(match[1], match[2]), open_hours: splitTimeWindows(match[3] ?? '') };
    }),
  format: (days) => days.map((entry) => `${formatRange(entry)} ${entry.open_hours.join(',')}`).join(LIST_SEPARATOR),
});

function parseEntries<E>(cell: string, error: string, parseEntry: (entry: string) => E | undefined): Parsed<E[]> {
  const entries: E[] = [];
  for (const text of splitList(cell)) {
    const entry = parseEntry(text);
    if (entry === undefined) return { error, got: text };
    entries.push(entry);
  }
  return { value: entries };
}

function toRange(startsAt = '', endsAt?: string): DateRange {
  return { starts_at: startsAt, ends_at: endsAt ?? startsAt };
}

function formatRange({ starts_at: startsAt, ends_at: endsAt }: DateRange): string {
  return startsAt === endsAt ? startsAt : `${startsAt}..${endsAt}`;
}
