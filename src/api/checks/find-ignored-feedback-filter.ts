import type { FeedbackFilter } from '../endpoints/query-params.js';
import { parseUtc, readField } from './read-field.js';
import { FEEDBACK_FILTER_PARAMS } from '../facts/service-facts.js';

type Check = { [K in keyof FeedbackFilter]-?: { field: string; accepts: (value: unknown, asked: NonNullable<FeedbackFilter[K]>) => boolean } };

const among = (value: unknown, asked: readonly unknown[]): boolean => asked.includes(value);
const createdAt = (value: unknown): number => (typeof value === 'string' ? parseUtc(value) : Number.NaN);

/**
 * How an item of a feedback search matches each filter; `text` matches whatever the service calls
 * a word (its matching is not documented), so it always passes.
 */
const CHECKS: Check = {
  businessIds: { field: 'business_id', accepts: among },
  excludeBusinessIds: { field: 'business_id', accepts: (value, asked) => !asked.includes(String(value)) },
  states: { field: 'state', accepts: among },
  createdFrom: { field: 'created', accepts: (value, asked) => !(createdAt(value) < parseUtc(asked)) },
  createdTo: { field: 'created', accepts: (value, asked) => !(createdAt(value) > parseUtc(asked)) },
  npsMin: { field: 'nps', accepts: (value, asked) => typeof value !== 'number' || value >= asked },
  npsMax: { field: 'nps', accepts: (value, asked) => typeof value !== 'number' || value <= asked },
  npsIn: { field: 'nps', accepts: among },
  text: { field: 'content', accepts: () => true },
  optin: { field: 'optin', accepts: (value, asked) => value === asked },
  formIds: { field: 'feedback_form', accepts: (value, asked) => asked.includes(String(readField(value, 'id'))) },
};

/** The filter of a feedback search that an item of its answer does not match, in words, or undefined. */
export function findIgnoredFeedbackFilter(filter: FeedbackFilter, item: unknown): string | undefined {
  for (const name of Object.keys(CHECKS) as (keyof FeedbackFilter)[]) {
    const asked = filter[name];
    const value = readField(item, CHECKS[name].field);
    // A field the answer leaves out cannot tell: the tolerant reader reports what it misses.
    if (asked === undefined || value === undefined) continue;
    const accepts = CHECKS[name].accepts as (value: unknown, asked: unknown) => boolean;
    if (!accepts(value, asked)) {
      const shown = Array.isArray(asked) ? asked.join(',') : String(asked);
      return `${FEEDBACK_FILTER_PARAMS[name]}=${shown}: it answered result ${String(readField(item, 'id'))} with ${CHECKS[name].field} ${JSON.stringify(value)}`;
    }
  }
  return undefined;
}
