import type { FeedbackFilter } from '../endpoints/query-params.js';
import { findIgnoredFilter, type FilterChecks } from './find-ignored-filter.js';
import { parseUtc, readField } from './read-field.js';
import { FEEDBACK_FILTER_PARAMS } from '../facts/service-facts.js';

// An id or a number said in the other JSON type (`5` for "5") is the same value.
const among = (value: unknown, asked: readonly unknown[]): boolean => asked.map(String).includes(String(value));
const createdAt = (value: unknown): number => (typeof value === 'string' ? parseUtc(value) : Number.NaN);

/**
 * How an item of a feedback search matches each filter; `text` matches whatever the service calls
 * a word (its matching is not documented), so it is not checked.
 */
const CHECKS: FilterChecks<FeedbackFilter> = {
  businessIds: { field: 'business_id', accepts: among },
  excludeBusinessIds: { field: 'business_id', accepts: (value, asked) => !asked.includes(String(value)) },
  states: { field: 'state', accepts: among },
  createdFrom: { field: 'created', accepts: (value, asked) => !(createdAt(value) < parseUtc(asked)) },
  createdTo: { field: 'created', accepts: (value, asked) => !(createdAt(value) > parseUtc(asked)) },
  npsMin: { field: 'nps', accepts: (value, asked) => typeof value !== 'number' || value >= asked },
  npsMax: { field: 'nps', accepts: (value, asked) => typeof value !== 'number' || value <= asked },
  npsIn: { field: 'nps', accepts: among },
  text: null,
  optin: { field: 'optin', accepts: (value, asked) => value === asked },
  formIds: { field: 'feedback_form', accepts: (value, asked) => asked.includes(String(readField(value, 'id'))) },
};

/** The filter of a feedback search that an item of its answer does not match, in words, or undefined. */
export function findIgnoredFeedbackFilter(filter: FeedbackFilter, item: unknown): string | undefined {
  return findIgnoredFilter(CHECKS, FEEDBACK_FILTER_PARAMS, 'result', filter, item);
}
