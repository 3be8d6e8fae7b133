import { BUSINESS_STATUSES, SEARCH_PER_PAGE_DEFAULT } from '../../api/facts/service-facts.js';
import { addressedOrg, readableBusinesses } from '../pipeline/access.js';
import { showBusiness } from '../business-view.js';
import { countryCode } from '../country-code.js';
import { invalidBody, notAuthorized, notFound, ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import type { Business, User } from '../state-types.js';
import { addMessage, type ValidationDetails } from '../pipeline/validation-details.js';
import { parseIsoDateTime } from './query/iso-date-time.js';
import { paginate, readPage, servedPage } from './query/pagination.js';
import { readQueryList } from './query/query-values.js';

export const businessListRoutes: Route[] = [
  {
    method: 'GET',
    path: '/user/:user_id/businesses',
    permission: 'business_read',
    handle({ state, caller, params, req, quirks }) {
      const target = state.users.get(params.user_id ?? '');
      if (target === undefined) return notFound();
      if (!canSeeUser(caller.user, target)) return notAuthorized();
      const details: ValidationDetails = {};
      const page = readPage(req.query, SEARCH_PER_PAGE_DEFAULT, details);
      if (Object.keys(details).length > 0) return invalidBody(details);
      const { items, ...meta } = paginate(readableBusinesses(state, target), servedPage(page, quirks));
      return ok({ ...meta, businesses: items.map((business) => showBusiness(business, quirks, state.customFields)) });
    },
  },
  {
    method: 'GET',
    path: '/business/search',
    permission: 'business_read',
    handle({ state, caller, req, quirks }) {
      const details: ValidationDetails = {};
      const page = readPage(req.query, SEARCH_PER_PAGE_DEFAULT, details);
      // `ignore-filters`: the filters, org_id among them, are not even read.
      const query = quirks['ignore-filters'] === true ? new URLSearchParams() : req.query;
      const filter = readSearchFilter(query, details, { oneValue: quirks['real-shapes'] === true });
      if (Object.keys(details).length > 0) return invalidBody(details);
      const requestedOrg = query.get('org_id');
      const orgId = addressedOrg(caller.user, requestedOrg === null ? undefined : Number(requestedOrg));
      if (orgId === 'not-authorized') return notAuthorized();
      if (orgId !== undefined && !state.organizations.has(orgId)) return notFound();
      const scope = readableBusinesses(state, caller.user);
      const inOrg = orgId === undefined || caller.user.role !== 'PROVIDER' ? scope : state.orgBusinesses(orgId);
      const { items, ...meta } = paginate(filter === undefined ? inOrg : inOrg.filter(filter), servedPage(page, quirks));
      return ok({ ...meta, businesses: items.map((business) => showBusiness(business, quirks, state.customFields)) });
    },
  },
];

/** A user's businesses are visible to the user, to a PROVIDER, and to an ORG_ADMIN of the user's organization. */
function canSeeUser(caller: User, target: User): boolean {
  if (caller.id === target.id || caller.role === 'PROVIDER') return true;
  return caller.role === 'ORG_ADMIN' && caller.org_id === target.org_id;
}

/**
 * The public facts let `code` and `status` list values, comma-separated; with `oneValue`
 * (`real-shapes`, the published description of 2021) each is one value, commas and all.
 * `business__in` is a list either way.
 */
function readSearchFilter(query: URLSearchParams, details: ValidationDetails, how: { oneValue: boolean }): ((business: Business) => boolean) | undefined {
  const tests: ((business: Business) => boolean)[] = [];
  const listOrOne = (name: string): string[] | undefined => {
    const value = query.get(name);
    return how.oneValue && value !== null ? [value] : readQueryList(query, name);
  };

  // Sets: an import resolves 100 ids or codes per search, against every business of the organization.
  const ids = toSet(readQueryList(query, 'business__in'));
  if (ids !== undefined) tests.push((business) => ids.has(business.id));
  const codes = toSet(listOrOne('code'));
  if (codes !== undefined) tests.push((business) => business.code !== null && codes.has(business.code));
  const statuses = listOrOne('status');
  if (statuses !== undefined) {
    const unknown = statuses.filter((status) => !(BUSINESS_STATUSES as readonly string[]).includes(status));
    if (unknown.length > 0) addMessage(details, ['status'], `Must be among ${BUSINESS_STATUSES.join(', ')}; got ${unknown.join(', ')}.`);
    tests.push((business) => statuses.includes(business.status));
  }
  // ISO 3166 alpha-2 (public facts), matched as sent: a service may not fold `fr` to `FR`.
  const country = query.get('country');
  if (country !== null) {
    const check = countryCode.safeParse(country);
    if (!check.success) for (const issue of check.error.issues) addMessage(details, ['country'], issue.message);
    tests.push((business) => business.country === country);
  }
  for (const field of ['city', 'zipcode', 'name'] as const) {
    const value = query.get(field);
    if (value !== null) tests.push((business) => (business[field] ?? '').toLowerCase() === value.toLowerCase());
  }
  const since = query.get('modified__gte');
  if (since !== null) {
    // ISO 8601 without an offset is UTC, as the feedback filters read it: Date.parse would take the host's zone.
    const seconds = /^\d+(\.\d+)?$/.test(since) ? Number(since) : (parseIsoDateTime(since) ?? Number.NaN) / 1000;
    if (Number.isNaN(seconds)) addMessage(details, ['modified__gte'], 'Must be epoch seconds or an ISO 8601 timestamp.');
    tests.push((business) => business.modified >= seconds);
  }
  const text = query.get('query')?.toLowerCase();
  if (text !== undefined) {
    tests.push((business) => [business.city, business.zipcode, business.name].some((value) => value?.toLowerCase().includes(text) === true));
  }
  if (query.has('org_id') && !/^\d+$/.test(query.get('org_id') ?? '')) addMessage(details, ['org_id'], 'Not a valid integer.');
  return tests.length === 0 ? undefined : (business) => tests.every((test) => test(business));
}

function toSet(items: string[] | undefined): Set<string> | undefined {
  return items === undefined ? undefined : new Set(items);
}
