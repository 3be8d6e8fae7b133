import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

/**
 * What spreadsheets do to the quotes of a JSON cell, and what to do about it: typographic quotes
 * typed by autocorrect (Numbers, Excel on a Mac), quotes doubled as a CSV file writes them inside a
 * quoted cell (a line copied from the file as text).
 */
const QUOTE_SLIPS = [
  { mend: (text: string) => text.replace(/[“”„‟″]/g, '"'), why: 'its quotes are typographic (“ ”); write straight quotes (")' },
  { mend: (text: string) => text.replace(/""/g, '"'), why: 'its quotes are doubled ("") as in a CSV file\'s text; write each once' },
];

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Structured values (image lists with their texts) as JSON in one cell; an empty list formats as an empty cell. */
export function jsonColumn(spec: FactorySpec<unknown> & { grammar: string }): Column {
  return defineColumn<unknown>({
    ...spec,
    parse(cell) {
      const text = String(cell);
      const parsed = parseJson(text);
      if (parsed !== undefined) return parsed;
      const slip = QUOTE_SLIPS.find(({ mend }) => parseJson(mend(text)) !== undefined);
      return { error: slip === undefined ? `must be ${spec.grammar}` : `must be JSON: ${slip.why}` };
    },
    format: (value) => (value === null || (Array.isArray(value) && value.length === 0) ? '' : JSON.stringify(value)),
  });
}
