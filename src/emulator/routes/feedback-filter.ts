import { FEEDBACK_FILTER_PARAMS as PARAMS, FEEDBACK_STATES, NPS_RANGE } from '../../api/facts/service-facts.js';
import type { FeedbackValidationIssue } from '../pipeline/responses.js';
import type { FeedbackResult } from '../state-types.js';
import { parseIsoDateTime } from './query/iso-date-time.js';
import { readQueryBoolean, readQueryList } from './query/query-values.js';
import { aboveMaximum, belowMinimum, notABoolean, notADateTime, notAmong, notAnInteger } from './query/query-issues.js';

type Test = (result: FeedbackResult) => boolean;

const INTEGER = /^-?\d+$/;

/** Reads the feedback-result filters of a query into one test; every problem goes to `issues`. */
export function readFeedbackFilter(query: URLSearchParams, issues: FeedbackValidationIssue[]): Test {
  const tests: Test[] = [];
  const ids = readQueryList(query, PARAMS.businessIds);
  if (ids !== undefined) tests.push((result) => ids.includes(result.business_id));
  const excluded = readQueryList(query, PARAMS.excludeBusinessIds);
  if (excluded !== undefined) tests.push((result) => !excluded.includes(result.business_id));

  const states = readQueryList(query, PARAMS.states);
  states?.forEach((state, index) => {
    if (!(FEEDBACK_STATES as readonly string[]).includes(state)) issues.push(notAmong([PARAMS.states, index], FEEDBACK_STATES));
  });
  if (states !== undefined) tests.push((result) => states.includes(result.state));

  for (const [name, keep] of [
    [PARAMS.createdFrom, (created: number, bound: number) => created >= bound],
    [PARAMS.createdTo, (created: number, bound: number) => created <= bound],
  ] as const) {
    const raw = query.get(name);
    if (raw === null) continue;
    const bound = parseIsoDateTime(raw);
    if (bound === undefined) issues.push(notADateTime([name]));
    else tests.push((result) => keep(Date.parse(result.created), bound));
  }

  const npsMin = readNps(query.get(PARAMS.npsMin), [PARAMS.npsMin], issues);
  if (npsMin !== undefined) tests.push((result) => result.nps >= npsMin);
  const npsMax = readNps(query.get(PARAMS.npsMax), [PARAMS.npsMax], issues);
  if (npsMax !== undefined) tests.push((result) => result.nps <= npsMax);
  const npsValues = readQueryList(query, PARAMS.npsIn)?.map((raw, index) => readNps(raw, [PARAMS.npsIn, index], issues));
  if (npsValues !== undefined) tests.push((result) => npsValues.includes(result.nps));

  // Every word must appear in the text, in any case and order.
  const words = query.get(PARAMS.text)?.toLowerCase().split(/\s+/).filter((word) => word !== '');
  if (words !== undefined) tests.push((result) => words.every((word) => result.content.toLowerCase().includes(word)));

  const optin = readQueryBoolean(query, PARAMS.optin);
  if (optin === null) issues.push(notABoolean([PARAMS.optin]));
  else if (optin !== undefined) tests.push((result) => result.optin === optin);

  const formIds = readQueryList(query, PARAMS.formIds);
  if (formIds !== undefined) tests.push((result) => formIds.includes(result.feedback_form.id));

  return (result) => tests.every((test) => test(result));
}

/** An NPS value (an integer from 0 to 10), or undefined with the issue recorded; null (absent) gives undefined. */
function readNps(raw: string | null, path: (string | number)[], issues: FeedbackValidationIssue[]): number | undefined {
  if (raw === null) return undefined;
  if (!INTEGER.test(raw.trim())) {
    issues.push(notAnInteger(path));
    return undefined;
  }
  const nps = Number(raw);
  if (nps < NPS_RANGE.min) issues.push(belowMinimum(path, NPS_RANGE.min));
  if (nps > NPS_RANGE.max) issues.push(aboveMaximum(path, NPS_RANGE.max));
  return nps;
}
