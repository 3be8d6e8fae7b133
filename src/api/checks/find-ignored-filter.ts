import { isEmptyField } from '../schemas/reading/lenient.js';
import { readField } from './read-field.js';

/**
 * How an item of an answer matches one filter: its field (`a.b` for a nested one) and whether its
 * value meets what was asked; null for a filter no field of an item can tell.
 */
export type FilterCheck<Asked> = { field: string; accepts: (value: unknown, asked: Asked) => boolean } | null;

/** A check for every filter of a request, so that a new filter is checked or said not to be. */
export type FilterChecks<Filter> = { [K in keyof Filter]-?: FilterCheck<NonNullable<Filter[K]>> };

/**
 * The filter asked that an item of its answer does not match, in words under its query name
 * (`state__in=treated: it answered result 7 with state "not_treated"`), or undefined.
 */
export function findIgnoredFilter<Filter extends object>(
  checks: FilterChecks<Filter>,
  names: Record<keyof Filter, string>,
  noun: string,
  filter: Filter,
  item: unknown,
): string | undefined {
  for (const name of Object.keys(checks) as (keyof Filter)[]) {
    const check = checks[name] as FilterCheck<unknown>;
    const asked = filter[name];
    if (check === null || asked === undefined) continue;
    const value = check.field.split('.').reduce<unknown>(readField, item);
    // A field the answer leaves empty cannot tell: the tolerant reader reports what it misses.
    if (isEmptyField(value) || check.accepts(value, asked)) continue;
    const shown = Array.isArray(asked) ? asked.join(',') : String(asked);
    return `${names[name]}=${shown}: it answered ${noun} ${String(readField(item, 'id'))} with ${check.field} ${JSON.stringify(value)}`;
  }
  return undefined;
}
