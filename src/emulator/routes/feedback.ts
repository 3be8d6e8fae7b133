import { FEEDBACK_PAGE_SIZE } from '../../api/facts/service-facts.js';
import { accessTo } from '../pipeline/access.js';
import { feedbackInvalid, ok, type FeedbackValidationIssue } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import type { Quirks } from '../pipeline/quirks.js';
import { LEFT_OUT, sayEmpty } from '../say-empty.js';
import type { EmulatorState } from '../state.js';
import { sayAtHourOffset } from '../timestamps.js';
import type { FeedbackResult, User } from '../state-types.js';
import { readFeedbackFilter } from './feedback-filter.js';
import { paginate, readPageNumber, servedPageNumber } from './query/pagination.js';
import { notAnInteger } from './query/query-issues.js';

export const feedbackRoutes: Route[] = [
  {
    method: 'GET',
    path: '/feedback/feedback_result',
    permission: 'feedback_read',
    handle({ state, caller, req, quirks }) {
      const issues: FeedbackValidationIssue[] = [];
      // `ignore-filters`: every filter is left unread.
      const matches = quirks['ignore-filters'] === true ? () => true : readFeedbackFilter(req.query, issues);
      const page = readPageNumber(req.query.get('page'));
      if (page === undefined) issues.push(notAnInteger(['page']));
      if (page === undefined || issues.length > 0) return feedbackInvalid(issues);
      const found = state.feedbackResults
        .filter((result) => canRead(state, caller.user, result) && matches(result))
        .sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || a.id - b.id);
      const { items, ...meta } = paginate(found, { page: servedPageNumber(page, quirks), perPage: FEEDBACK_PAGE_SIZE });
      // The spec's fields only: the organization id is the emulator's own bookkeeping.
      return ok({ ...meta, items: items.map(({ org_id: _orgId, ...result }) => showResult(result, quirks)) });
    },
  },
];

/** A result is visible to whoever can read its business. */
function canRead(state: EmulatorState, user: User, result: FeedbackResult): boolean {
  const business = state.businesses.get(result.business_id);
  return business !== undefined && accessTo(user, business) !== null;
}

/** UTC+02, as a service in central Europe may say its dates in summer. */
const LOCAL_OFFSET_HOURS = 2;

/**
 * `local-offsets`: the dates at UTC+02 with an hour-only offset; `nulls`: null fields and empty
 * texts left out, at every depth, and empty lists said as null.
 */
function showResult(result: Omit<FeedbackResult, 'org_id'>, quirks: Quirks): unknown {
  const dated = quirks['local-offsets'] === true ? sayLocalDates(result) : result;
  return quirks.nulls === true ? sayEmpty(dated, (empty) => (Array.isArray(empty) ? null : LEFT_OUT)) : dated;
}

function sayLocalDates(result: Omit<FeedbackResult, 'org_id'>): Omit<FeedbackResult, 'org_id'> {
  const local = (created: string) => sayAtHourOffset(created, LOCAL_OFFSET_HOURS);
  return { ...result, created: local(result.created), comments: result.comments.map((comment) => ({ ...comment, created: local(comment.created) })) };
}
