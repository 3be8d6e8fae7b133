import { WeekHoursSchema } from '../../api/schemas/business.js';
import type { WeekDay } from '../../api/service-facts.js';
import type { Column } from '../column.js';
import { defineColumn } from '../define-column.js';
import { splitTimeWindows } from './split-time-windows.js';

const CLOSED = 'closed';

/**
 * One day of `open_hours`. A row may set some days only: the import completes the week from the
 * current business, since the service takes the whole week or nothing.
 */
export function weekDayColumn(day: WeekDay, example: string[]): Column<string[]> {
  return defineColumn<string[]>({
    header: `open_hours.${day}`,
    description: `Opening hours on ${day}`,
    grammar: `time windows HH:MM-HH:MM separated by ',' (also ';', '|' or spaces), or ${CLOSED}`,
    schema: WeekHoursSchema.shape[day],
    example,
    parse: (cell) => ({ value: String(cell).trim().toLowerCase() === CLOSED ? [] : splitTimeWindows(String(cell)) }),
    format: (windows) => (windows.length === 0 ? CLOSED : windows.join(',')),
  });
}
