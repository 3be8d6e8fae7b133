import { z } from 'zod';
import { describeExpected, formatPath } from './describe-issues.js';
import { OddValue } from './odd-value.js';

/*
 * Reading an answer per field: null, "" and a missing key are one empty value (undefined), a list
 * said as null is an empty list, and a value that fits nothing becomes an OddValue in its place
 * instead of failing the record it sits in.
 */

/** A field read per field: its value, nothing, or what the service sent in no shape the client reads. */
export type Lenient<T> = T | OddValue | undefined;

/** Null, "" and a missing key: the one empty value of an answer's field. */
export function isEmptyField(value: unknown): value is null | '' | undefined {
  return value === undefined || value === null || value === '';
}

function emptyToUndefined(value: unknown): unknown {
  return isEmptyField(value) ? undefined : value;
}

function nullToEmptyList(value: unknown): unknown {
  return value === null ? [] : value === '' ? undefined : value;
}

/** What does not parse is kept in place as an OddValue. */
function orOddValue<T>(schema: z.ZodType): z.ZodType<T | OddValue> {
  return schema.catch((ctx: z.core.$ZodCatchCtx) => {
    // A business read again (a PROVIDER row typed by its organization) keeps what it did not read.
    if (ctx.value instanceof OddValue) return ctx.value;
    const [issue] = ctx.issues;
    if (issue === undefined) return new OddValue(ctx.value, 'another value');
    // A value inside the one kept (an image's url in a custom field's list) says where: `a text at [0].url`.
    const path = issue.path ?? [];
    const expected = describeExpected({ ...issue, path } as z.core.$ZodIssue);
    return new OddValue(ctx.value, path.length === 0 ? expected : `${expected} at ${formatPath(path)}`);
  }) as z.ZodType<T | OddValue>;
}

/** An optional field of any type. */
export function lenient<T extends z.ZodType>(schema: T): z.ZodType<Lenient<z.output<T>>> {
  return orOddValue(z.preprocess(emptyToUndefined, schema.optional()));
}

/** An optional list, each item read on its own. */
export function lenientList<T extends z.ZodType>(item: T): z.ZodType<Lenient<(z.output<T> | OddValue)[]>> {
  return orOddValue(z.preprocess(nullToEmptyList, z.array(orOddValue(item)).optional()));
}

/**
 * An optional object, each field read on its own; fields it does not name are kept as they came.
 * An empty list is an empty object: PHP's JSON, for one, writes an empty map as `[]`.
 */
export function lenientObject<S extends Record<string, z.ZodType>>(shape: S): z.ZodType<Lenient<z.output<z.ZodObject<S, z.core.$loose>>>> {
  return lenient(z.preprocess((value) => (Array.isArray(value) && value.length === 0 ? {} : value), z.looseObject(shape)));
}
