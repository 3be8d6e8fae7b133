import { z } from 'zod';
import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { formatDecimal, parseDecimal } from './parse-decimal.js';

/** A currency before or after an amount (`€12.50`, `12.50 EUR`): the API's numbers carry none. */
const CURRENCY = /^(?:[€$£¥]|eur|usd|gbp|chf)\s*|\s*(?:[€$£¥]|eur|usd|gbp|chf|euros?)$/gi;
/** A space between thousands (`1 200`), a non-breaking one as a French Excel writes it too. */
const THOUSANDS_SPACE = /(?<=\d)[\s\u00a0\u202f](?=\d{3}(?!\d))/g;

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
      const meant = suggestNumber(String(cell), context);
      return { error: `must be ${expected}${hint}${meant === undefined ? '' : ` (did you mean ${formatDecimal(meant, context)}?)`}` };
    },
    format: (value, context) => (value === null ? '' : formatDecimal(value, context)),
  });
}

/** The number a formatted cell shows (`12.50 €`, `1 200`), for a hint: whether the currency was the business's is not the import's to guess. */
function suggestNumber(text: string, context: Parameters<typeof parseDecimal>[1]): number | undefined {
  const bare = text.trim().replace(CURRENCY, '').replace(THOUSANDS_SPACE, '');
  return bare === text.trim() ? undefined : parseDecimal(bare, context);
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
