import { WeekHoursSchema } from '../../api/schemas/business.js';
import type { WeekDay } from '../../api/facts/service-facts.js';
import type { Column } from '../column.js';
import { defineColumn } from '../define-column.js';
import { readTimeWindows } from './split-time-windows.js';

const CLOSED = 'closed';

/** Open around the clock as people write it (`24h/24`, `24/7`, `ouvert 24h/24`, `rund um die Uhr`), once spaces are removed: midnight to midnight. */
const AROUND_THE_CLOCK = /^(?:(?:open|ouvert|geöffnet|abierto|aperto)?24(?:h|hours|heures|horas|ore|stunden)?(?:\/(?:24h?|7j?))?|rundumdieuhr|nonstop)$/;

/**
 * One day of `open_hours`. A row may set some days only: the import completes the week from the
 * current business, since the service takes the whole week or nothing.
 */
export function weekDayColumn(day: WeekDay, example: string[]): Column<string[]> {
  return defineColumn<string[]>({
    header: `open_hours.${day}`,
    description: `Opening hours on ${day}`,
    grammar: `time windows HH:MM-HH:MM separated by ',' (also ';', '|', '/' or spaces), or ${CLOSED}; a window to midnight ends 00:00`,
    schema: WeekHoursSchema.shape[day],
    asciiDigits: true,
    example,
    parse: (cell) => {
      const word = String(cell).trim().toLowerCase();
      if (word === CLOSED) return { value: [] };
      if (word !== '24' && AROUND_THE_CLOCK.test(word.replace(/\s+/g, ''))) return { error: 'must be time windows HH:MM-HH:MM (did you mean 00:00-00:00, midnight to midnight?)' };
      return readTimeWindows(String(cell), `write ${CLOSED} for a day the business is closed`);
    },
    format: (windows) => (windows.length === 0 ? CLOSED : windows.join(',')),
  });
}
