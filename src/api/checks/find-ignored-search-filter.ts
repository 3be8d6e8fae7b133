import type { BusinessSearchParams } from '../endpoints/query-params.js';
import { isEmptyField } from '../schemas/reading/lenient.js';
import { parseUtc, readField } from './read-field.js';

/**
 * The filter of a business search that an item of its answer does not match, in words (`code
 * 000042,000043: business b_7 has code 000099`), or undefined. Only filters whose matching the
 * documentation makes plain are checked: ids, codes, organization, status, country, modified__gte.
 */
export function findIgnoredSearchFilter(params: BusinessSearchParams, item: unknown): string | undefined {
  const id = String(readField(item, 'id'));
  const outside = (filter: string, asked: unknown, field: string, accepts: (value: unknown) => boolean): string | undefined => {
    const value = readField(item, field);
    // A field the answer leaves empty cannot tell: the tolerant reader reports what it misses.
    if (isEmptyField(value) || accepts(value)) return undefined;
    return `${filter}=${Array.isArray(asked) ? asked.join(',') : String(asked)}: it answered business ${id} with ${field} ${JSON.stringify(value)}`;
  };
  const checks = [
    params.business__in === undefined ? undefined : outside('business__in', params.business__in, 'id', (value) => params.business__in?.includes(String(value)) === true),
    params.code === undefined ? undefined : outside('code', params.code, 'code', (value) => params.code?.includes(String(value)) === true),
    params.org_id === undefined ? undefined : outside('org_id', params.org_id, 'org_id', (value) => String(value) === String(params.org_id)),
    params.status === undefined ? undefined : outside('status', params.status, 'status', (value) => value === params.status),
    params.country === undefined ? undefined : outside('country', params.country, 'country', (value) => String(value).toUpperCase() === params.country?.toUpperCase()),
    params.modified__gte === undefined ? undefined : outside('modified__gte', params.modified__gte, 'modified', (value) => isModifiedSince(value, params.modified__gte)),
  ];
  return checks.find((check) => check !== undefined);
}

function isModifiedSince(modified: unknown, since: string | number | undefined): boolean {
  const text = String(since);
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : parseUtc(text) / 1000;
  return typeof modified !== 'number' || Number.isNaN(seconds) || modified >= seconds;
}
