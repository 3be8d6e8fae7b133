import { PER_PAGE_MAX } from '../../../api/facts/service-facts.js';
import type { Quirks } from '../../pipeline/quirks.js';
import type { ValidationDetails } from '../../pipeline/validation-details.js';
import { addMessage } from '../../pipeline/validation-details.js';

export interface PageRequest {
  page: number;
  perPage: number;
}

const INTEGER = /^-?\d+$/;

/** The `page` query value: 1 when absent, values below 1 treated as 1, undefined when not an integer. */
export function readPageNumber(raw: string | null): number | undefined {
  if (raw === null) return 1;
  return INTEGER.test(raw) ? Math.max(1, Number(raw)) : undefined;
}

/** Reads `page` (as readPageNumber) and `per_page` (1 to 100); problems go to `details`. */
export function readPage(query: URLSearchParams, defaultPerPage: number, details: ValidationDetails): PageRequest {
  const page = readPageNumber(query.get('page'));
  const perPage = query.get('per_page');
  if (page === undefined) addMessage(details, ['page'], 'Not a valid integer.');
  if (perPage !== null && !(INTEGER.test(perPage) && Number(perPage) >= 1 && Number(perPage) <= PER_PAGE_MAX)) {
    addMessage(details, ['per_page'], `Must be an integer between 1 and ${PER_PAGE_MAX}.`);
  }
  return {
    page: page ?? 1,
    perPage: perPage !== null && INTEGER.test(perPage) ? Number(perPage) : defaultPerPage,
  };
}

export interface Page<T> {
  page: number;
  max_page: number;
  count: number;
  items: T[];
}

/** One page of a list; an empty list still has one (empty) page. */
export function paginate<T>(items: readonly T[], { page, perPage }: PageRequest): Page<T> {
  const start = (page - 1) * perPage;
  return {
    page,
    max_page: Math.max(1, Math.ceil(items.length / perPage)),
    count: items.length,
    items: items.slice(start, start + perPage),
  };
}

/** The page number served: `ignore-page` serves page 1 whatever was asked, and says so. */
export function servedPageNumber(page: number, quirks: Quirks): number {
  return quirks['ignore-page'] === true ? 1 : page;
}

/** The page of a list that takes `per_page`, as served: `cap-per-page=N` serves at most N. */
export function servedPage({ page, perPage }: PageRequest, quirks: Quirks): PageRequest {
  const cap = quirks['cap-per-page'];
  return { page: servedPageNumber(page, quirks), perPage: cap === undefined ? perPage : Math.min(perPage, cap) };
}
