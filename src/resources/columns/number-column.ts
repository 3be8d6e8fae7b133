import { z } from 'zod';
import type { CellContext } from '../cells/cell-context.js';
import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { formatDecimal, parseDecimal } from './parse-decimal.js';

/** A currency or a unit around a number (`€12.50`, `12.50 EUR`, `85 m²`, `48.85°`): the API's numbers carry none. */
const UNIT = /^(?:[€$£¥]|eur|usd|gbp|chf)\s*|\s*(?:[€$£¥°%]|m²|m2|eur|usd|gbp|chf|euros?)$/gi;
/**
 * Thousands grouped by a comma or a dot, any decimals after the other (`1,200`, `1.250,5`,
 * `1,250.50`): one group without decimals (`1,200`) may be decimals too, except in a whole number.
 */
const GROUPED_THOUSANDS = /^[+-]?[1-9]\d{0,2}([,.])\d{3}(\1\d{3})*((?!\1)[,.]\d+)?$/;
/** One dot between thousands, or before three decimals (`1.200`): the same cell in a file with decimal commas. `0.125` groups nothing. */
const DOT_THOUSANDS = /^[+-]?[1-9]\d{0,2}\.\d{3}$/;
/** A space between thousands (`1 200`), a non-breaking one as a French Excel writes it too. */
const THOUSANDS_SPACE = /(?<=\d)[\s\u00a0\u202f](?=\d{3}(?!\d))/g;

/** A number written with the file's decimal separator; its bounds, shown in errors, come from its schema. */
export function numberColumn(spec: FactorySpec<number | null>): Column<number | null> {
  const expected = describeNumber(spec.schema);
  const whole = unwrapNumber(spec.schema)?.format === 'safeint';
  return defineColumn<number | null>({
    grammar: expected,
    typed: 'number',
    asciiDigits: true,
    ...spec,
    parse(cell, context) {
      const value = typeof cell === 'string' ? parseDecimal(cell, context) : undefined;
      if (value !== undefined) {
        const ambiguity = readDotThousands(String(cell), value, context, spec.schema, expected);
        return ambiguity === undefined ? { value } : { error: ambiguity };
      }
      // Offered only when it would be taken: `1,200` seats is no hint where at most 500 are.
      const shown = suggestNumber(String(cell), context, whole);
      const meant = shown !== undefined && spec.schema.safeParse(shown).success ? shown : undefined;
      // A comma in a comma-separated file is no decimal separator: say so, it is the usual mistake; a tab-separated file of a French Excel has them all so.
      const hint = meant === undefined && !whole && context.decimalSeparator === '.' && String(cell).includes(',') ? ` with '.' before decimals${context.decimalsDeclared === true ? '' : ' (or give --decimal-separator comma)'}` : '';
      return { error: `must be ${expected}${hint}${meant === undefined ? '' : ` (did you mean ${formatDecimal(meant, context)}?)`}` };
    },
    format: (value, context) => (value === null ? '' : formatDecimal(value, context)),
  });
}

/**
 * Where decimals follow a comma, `1.200` is twelve hundred as an Excel of that locale writes it with
 * thousands grouped, or 1.2 typed with a dot: read as the only one the column takes, refused when both
 * are taken rather than guessed (`85.500` m² is as likely as `1.200`).
 */
function readDotThousands(cell: string, decimal: number, context: CellContext, schema: z.ZodType, expected: string): string | undefined {
  const trimmed = cell.trim();
  if (context.decimalSeparator !== ',' || !DOT_THOUSANDS.test(trimmed)) return undefined;
  const thousands = Number(trimmed.replace('.', ''));
  if (!schema.safeParse(thousands).success) return undefined;
  const asDecimal = formatDecimal(decimal, context);
  return schema.safeParse(decimal).success
    ? `reads as ${thousands} or as ${asDecimal} where decimals follow a comma; write ${thousands} for thousands, or ${asDecimal}`
    : `must be ${expected} (did you mean ${thousands}?)`;
}

/** The number a formatted cell shows (`12.50 €`, `1 200`, `85 m²`, `1.250,50`; `1,200` in a whole number), for a hint: whether the currency was the business's is not the import's to guess. */
function suggestNumber(text: string, context: CellContext, whole: boolean): number | undefined {
  const unformatted = text.trim().replace(UNIT, '').replace(THOUSANDS_SPACE, '');
  const [, separator, moreGroups, decimals] = GROUPED_THOUSANDS.exec(unformatted) ?? [];
  const grouped = separator !== undefined && (whole || moreGroups !== undefined || decimals !== undefined);
  const bare = grouped ? unformatted.replaceAll(separator, '') : unformatted;
  return bare === text.trim() ? undefined : parseDecimal(bare, context);
}

/** "a number between -90 and 90", from the checks of the schema. */
function describeNumber(schema: z.ZodType): string {
  const number = unwrapNumber(schema);
  if (number === undefined) return 'a number';
  const kind = number.format === 'safeint' ? 'a whole number' : 'a number';
  const min = isShownBound(number.minValue) ? number.minValue : undefined;
  const max = isShownBound(number.maxValue) ? number.maxValue : undefined;
  if (min !== undefined && max !== undefined) return `${kind} between ${min} and ${max}`;
  if (min !== undefined) return `${kind} of at least ${min}`;
  if (max !== undefined) return `${kind} of at most ${max}`;
  return kind;
}

function unwrapNumber(schema: z.ZodType): z.ZodNumber | undefined {
  const number = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
  return number instanceof z.ZodNumber ? number : undefined;
}

// Integers carry the safe-integer range as bounds: nobody needs to read them.
function isShownBound(bound: number | null): bound is number {
  return bound !== null && Math.abs(bound) < Number.MAX_SAFE_INTEGER;
}
