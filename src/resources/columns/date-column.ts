import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { DATE_GRAMMAR, parseDate } from './parse-date.js';

/** A date the API takes as yyyy-mm-dd, read in the sheet's forms (parseDate), written yyyy-mm-dd; a date cell in XLSX exports. */
export function dateColumn(spec: FactorySpec<string | null>): Column<string | null> {
  return defineColumn<string | null>({
    grammar: DATE_GRAMMAR,
    typed: 'date',
    asciiDigits: true,
    ...spec,
    parse(cell, context) {
      const text = String(cell).trim();
      const read = parseDate(text, context);
      if (read === undefined) return { value: text };
      return 'date' in read ? { value: read.date } : read;
    },
    format: (value) => value ?? '',
  });
}
