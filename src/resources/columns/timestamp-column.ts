import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/** Epoch seconds (the API's `created`, `modified`) shown as a UTC date and time to the millisecond. */
export function timestampColumn(spec: FactorySpec<number | null>): Column<number | null> {
  return defineColumn<number | null>({
    grammar: 'a UTC date and time yyyy-mm-ddTHH:MM:SS.sssZ',
    ...spec,
    parse(cell) {
      const text = String(cell).trim();
      return ISO_UTC.test(text) ? { value: Date.parse(text) / 1000 } : { error: 'must be a UTC date and time yyyy-mm-ddTHH:MM:SS.sssZ' };
    },
    format: (value) => (value === null ? '' : new Date(Math.round(value * 1000)).toISOString()),
  });
}
