import { z } from 'zod';
import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { formatDecimal, parseDecimal } from './parse-decimal.js';

/** A number written with the file's decimal separator; its bounds, shown in errors, come from its schema. */
export function numberColumn(spec: FactorySpec<number | null>): Column<number | null> {
  const expected = describeNumber(spec.schema);
  return defineColumn<number | null>({
    grammar: expected,
    typed: 'number',
    ...spec,
    parse(cell, context) {
      const value = typeof cell === 'string' ? parseDecimal(cell, context) : undefined;
      if (value !== undefined) return { value };
      // A comma in a comma-separated file is no decimal separator: say so, it is the usual mistake.
      const hint = context.decimalSeparator === '.' && String(cell).includes(',') ? ` with '.' before decimals` : '';
      return { error: `must be ${expected}${hint}` };
    },
    format: (value, context) => (value === null ? '' : formatDecimal(value, context)),
  });
}

/** "a number between -90 and 90", from the checks of the schema. */
function describeNumber(schema: z.ZodType): string {
  const number = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
  if (!(number instanceof z.ZodNumber)) return 'a number';
  const kind = number.format === 'safeint' ? 'a whole number' : 'a number';
  const min = isShownBound(number.minValue) ? number.minValue : undefined;
  const max = isShownBound(number.maxValue) ? number.maxValue : undefined;
  if (min !== undefined && max !== undefined) return `${kind} between ${min} and ${max}`;
  if (min !== undefined) return `${kind} of at least ${min}`;
  if (max !== undefined) return `${kind} of at most ${max}`;
  return kind;
}

// Integers carry the safe-integer range as bounds: nobody needs to read them.
function isShownBound(bound: number | null): bound is number {
  return bound !== null && Math.abs(bound) < Number.MAX_SAFE_INTEGER;
}
