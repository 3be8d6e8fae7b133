import { z } from 'zod';
import { describeExpected } from './describe-issues.js';
import { OddValue } from './odd-value.js';

/*
 * Reading an answer per field: null, "" and a missing key are one empty value (undefined), a list
 * said as null is an empty list, and a value that fits nothing becomes an OddValue in its place
 * instead of failing the record it sits in.
 */

function emptyToUndefined(value: unknown): unknown {
  return value === null || value === '' ? undefined : value;
}

function nullToEmptyList(value: unknown): unknown {
  return value === null ? [] : value === '' ? undefined : value;
}

/** What does not parse is kept in place as an OddValue: the value read is then `unknown` to the type system. */
function orOddValue(schema: z.ZodType): z.ZodType {
  return schema.catch((ctx: z.core.$ZodCatchCtx) => {
    // A business read again (a PROVIDER row typed by its organization) keeps what it did not read.
    if (ctx.value instanceof OddValue) return ctx.value;
    const [issue] = ctx.issues;
    return new OddValue(ctx.value, issue === undefined ? 'another value' : describeExpected({ ...issue, path: issue.path ?? [] } as z.core.$ZodIssue));
  });
}

/** An optional field of any type. */
export function lenient(schema: z.ZodType): z.ZodType {
  return orOddValue(z.preprocess(emptyToUndefined, schema.optional()));
}

/** An optional list, each item read on its own. */
export function lenientList(item: z.ZodType): z.ZodType {
  return orOddValue(z.preprocess(nullToEmptyList, z.array(orOddValue(item)).optional()));
}

/** An optional object, each field read on its own; fields it does not name are kept as they came. */
export function lenientObject(shape: Record<string, z.ZodType>): z.ZodType {
  return lenient(z.looseObject(shape));
}
