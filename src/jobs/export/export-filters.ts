import { z } from 'zod';
import { BUSINESS_STATUSES, FEEDBACK_STATES, NPS_RANGE } from '../../api/facts/service-facts.js';
import type { ExportResource } from './export-resource-names.js';
import { UserError } from '../../user-error.js';
import { listFlagIssues } from '../../api/schemas/reading/describe-issues.js';
import { describeCountryMeant, readCountry } from '../../resources/columns/country-column.js';
import { createChoiceFinder } from '../../resources/columns/find-choice.js';
import { findClosestName } from '../../find-closest-name.js';
import { parseUtc, withOffsetMinutes } from '../../api/checks/read-field.js';

/**
 * Repeated flags and comma-separated values both make lists: `--user a --user b`, `--user a,b`.
 * An empty one (`user: []`, or `user: ${USERS}` with USERS empty) is refused: taken as no filter,
 * it would export every business.
 */
const list = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => String(item).split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .refine((items) => items.length > 0, 'must name at least one');
const text = z.string().trim().min(1, 'must not be empty');
const nps = <T>() => z.coerce.number<T>().int('must be a whole number').min(NPS_RANGE.min).max(NPS_RANGE.max);
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true, local: true });
const ISO_WORDS = 'an ISO 8601 date or date-time (2026-01-31, or 2026-01-31T08:00:00Z)';
// Date.parse would take `01/06/2025` (as 6 January) and send it for the service to refuse.
const isIso = (value: string): boolean => isoDate.safeParse(value).success || isoDateTime.safeParse(value).success;
/**
 * Sent whole, `2025-06-03T17:00:00+02:00`: an offset of the hour alone (`+02`, as the export writes
 * what the service sent) or without its colon, and a time without seconds, are ISO 8601 too.
 */
const completeDateTime = (value: string): string => withOffsetMinutes(value).replace(/(T\d{2}:\d{2})(?=$|Z|[+-])/i, '$1:00');
const dateTime = z.string().trim().transform(completeDateTime).refine(isIso, `must be ${ISO_WORDS}`);
/** A day alone as the last bound means all of it: `--until 2025-06-30` keeps the results of 30 June, which its midnight would not. */
const untilDateTime = dateTime.transform((value) => (isoDate.safeParse(value).success ? `${value}T23:59:59.999999` : value));
const epochOrDateTime = z
  .union([z.number(), z.string()])
  .transform((value) => completeDateTime(String(value).trim()))
  .refine((value) => /^\d+(\.\d+)?$/.test(value) || isIso(value), `must be epoch seconds or ${ISO_WORDS}`);
/** Choices in any case, spaces or hyphens for underscores (`Open`, `not treated`), as a sheet reads them. */
const choices = <const T extends readonly [string, ...string[]]>(values: T) => {
  const find = createChoiceFinder(values);
  return list.transform((items) => items.map(find)).pipe(z.array(z.enum(values)));
};

/** Every filter flag, by its long name; the CLI and job files give them the same way. */
const FILTER_SCHEMAS = {
  user: list,
  status: choices(BUSINESS_STATUSES),
  // A code in any case, or a country's name as the sheets take it (`France`, `Allemagne`).
  country: z.string().transform((value, context) => {
    const code = readCountry(value) ?? value;
    if (/^[A-Z]{2}$/.test(code)) return code;
    context.issues.push({ code: 'custom', input: value, message: `must be a country code, two or three letters, or a country name${describeCountryMeant(value)}` });
    return z.NEVER;
  }),
  city: text,
  'modified-since': epochOrDateTime,
  business: list,
  'exclude-business': list,
  state: choices(FEEDBACK_STATES),
  since: dateTime,
  until: untilDateTime,
  nps: list.pipe(z.array(nps<string>())),
  'nps-min': nps<unknown>(),
  'nps-max': nps<unknown>(),
  text,
  optin: z.boolean(),
  form: list,
  query: text,
  location: list,
  'oauth-account': list,
  'not-connected': z.boolean(),
  'verification-status': list,
};

export type FilterName = keyof typeof FILTER_SCHEMAS;

const ExportFiltersSchema = z.strictObject(
  Object.fromEntries(Object.entries(FILTER_SCHEMAS).map(([name, schema]) => [name, schema.optional()])) as {
    [K in FilterName]: z.ZodOptional<(typeof FILTER_SCHEMAS)[K]>;
  },
);
export type ExportFilters = z.infer<typeof ExportFiltersSchema>;

const SEARCH_FILTERS = ['status', 'country', 'city', 'modified-since'] as const satisfies readonly FilterName[];
const BUSINESS_FILTERS = ['user', ...SEARCH_FILTERS] as const satisfies readonly FilterName[];

/** The filters each resource takes; services and attributes are read for the businesses selected as for `businesses`. */
const FILTERS_BY_RESOURCE: Record<ExportResource, readonly FilterName[]> = {
  businesses: BUSINESS_FILTERS,
  services: BUSINESS_FILTERS,
  attributes: BUSINESS_FILTERS,
  feedback: ['business', 'exclude-business', 'state', 'since', 'until', 'nps', 'nps-min', 'nps-max', 'text', 'optin', 'form'],
  'custom-fields': [],
  'message-templates': [],
  'geo-locations': ['query', 'location', 'oauth-account', 'not-connected', 'verification-status'],
};

/** The filters of a command line or a job file were refused; the message lists every problem. */
export class ExportFilterError extends UserError {
  override name = 'ExportFilterError';
}

/** How a filter is named where it was given, and what to correct. */
export interface FilterNaming {
  name: (filter: string) => string;
  fix: string;
}

const FLAG_NAMING: FilterNaming = { name: (filter) => `--${filter}`, fix: 'Correct the options.' };

/** The filters of a job file's step `index`, as its checks name them: `steps[1].export.filters.since`. */
export function jobFilterNaming(index: number): FilterNaming {
  return { name: (filter) => `steps[${index}].export.filters.${filter}`, fix: 'Correct the file.' };
}

/**
 * Reads the filter flags given for `resource` (undefined values are flags not given) and reports
 * every problem at once: a flag another resource takes, a value of the wrong form, `--user`
 * mixed with the search filters (a user's business list takes none), a range nothing is in.
 */
export function parseExportFilters(resource: ExportResource, given: Readonly<Record<string, unknown>>): ExportFilters {
  const read = readExportFilters(resource, given, FLAG_NAMING);
  if ('problems' in read) throw new ExportFilterError(`Could not export ${resource}: ${read.problems.join('; ')}. ${FLAG_NAMING.fix}`);
  return read.filters;
}

/** The filters read, or every problem with them (a job file lists them with its other settings'). */
export function readExportFilters(resource: ExportResource, given: Readonly<Record<string, unknown>>, naming: FilterNaming): { filters: ExportFilters } | { problems: string[] } {
  const present = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const allowed: readonly string[] = FILTERS_BY_RESOURCE[resource];
  const problems = Object.keys(present)
    .filter((name) => !allowed.includes(name))
    .map((name) => `${naming.name(name)} does not apply to ${resource}${describeAllowed(name, allowed, naming)}`);
  const parsed = ExportFiltersSchema.safeParse(Object.fromEntries(Object.entries(present).filter(([name]) => allowed.includes(name))));
  if (!parsed.success) problems.push(...listFlagIssues(parsed.error.issues, naming.name));
  else problems.push(...findEmptyRanges(parsed.data, naming));
  const searchFilters = SEARCH_FILTERS.filter((name) => name in present);
  if ('user' in present && searchFilters.length > 0) {
    problems.push(`${naming.name('user')} lists a user's businesses, which ${searchFilters.map(naming.name).join(', ')} cannot filter; give one or the other`);
  }
  return problems.length > 0 || !parsed.success ? { problems } : { filters: parsed.data };
}

/** ` (did you mean --nps-min?)` for a typo (`nps_min`), else the filters the resource takes. */
function describeAllowed(name: string, allowed: readonly string[], naming: FilterNaming): string {
  if (allowed.length === 0) return ' (it takes no filter)';
  const meant = findClosestName(name, allowed);
  return meant === undefined ? ` (its filters: ${allowed.map(naming.name).join(', ')})` : ` (did you mean ${naming.name(meant)}?)`;
}

/**
 * Bounds the wrong way round, which no item meets: an export of nothing that looks like a quiet week.
 * Compared as they are sent (a time without an offset is UTC), whatever the machine's time zone.
 */
function findEmptyRanges(filters: ExportFilters, { name }: FilterNaming): string[] {
  const problems: string[] = [];
  const { 'nps-min': npsMin, 'nps-max': npsMax, since, until } = filters;
  if (npsMin !== undefined && npsMax !== undefined && npsMin > npsMax) problems.push(`${name('nps-min')} ${npsMin} is more than ${name('nps-max')} ${npsMax}, so no result could match`);
  if (since !== undefined && until !== undefined && parseUtc(since) > parseUtc(until)) problems.push(`${name('since')} ${since} is after ${name('until')} ${until}, so no result could match`);
  return problems;
}
