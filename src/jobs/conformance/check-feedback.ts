import type { OrgApi } from '../../api/org-api.js';
import { readField } from '../../api/checks/read-field.js';
import type { FeedbackPage } from '../../api/schemas/feedback-results.js';
import { IgnoredRequestError } from '../../api/errors/ignored-request-error.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';
import { IGNORED_FILTER_MEANING } from './check-business-filters.js';
import { observeFailure } from './observe-failure.js';
import { idsOf, rawItems } from './raw-items.js';

const SHOWN = 3;

/** Feedback results: page 1 read, page 2 when there is one, and a search by the business of the first result. */
export async function checkFeedback(api: OrgApi): Promise<ConformanceCheck[]> {
  let first: FeedbackPage;
  try {
    first = await api.searchFeedbackResults({}, 1);
  } catch (error) {
    const failed = observeFailure('feedback-pages', error, 'feedback exports fail');
    return [failed, notChecked('feedback-read', 'page 1 was not read'), notChecked('filter-feedback', 'page 1 was not read')];
  }
  const items = rawItems(first.items, first.unreadable);
  return [await checkPages(api, first), checkRead(first, items.length), await checkFilter(api, items)];
}

async function checkPages(api: OrgApi, first: FeedbackPage): Promise<ConformanceCheck> {
  if (first.max_page < 2) return notChecked('feedback-pages', 'the key reads one page of feedback results');
  try {
    const second = await api.searchFeedbackResults({}, 2);
    if (first.page !== 1 || second.page !== 2) {
      return describeCheck('feedback-pages', 'blocking', `asked pages 1 and 2, answered pages ${first.page} and ${second.page}`, 'feedback exports would read page 1 over and over; they stop with an error instead');
    }
    const firstIds = new Set(idsOf(rawItems(first.items, first.unreadable)));
    const again = idsOf(rawItems(second.items, second.unreadable)).filter((id) => firstIds.has(id)).length;
    if (again > 0) return describeCheck('feedback-pages', 'blocking', `page 2 repeats ${again} result(s) of page 1`, 'feedback exports would hold results twice and miss others');
    return describeCheck('feedback-pages', 'ok', 'pages 1 and 2 answered as asked, with different results', 'feedback exports read every result once');
  } catch (error) {
    return observeFailure('feedback-pages', error, 'feedback exports fail past page 1');
  }
}

function checkRead(first: FeedbackPage, total: number): ConformanceCheck {
  if (first.unreadable.length === 0) return describeCheck('feedback-read', 'ok', `${total} result(s) read`, 'feedback exports hold every result');
  const lines = first.unreadable.map((item) => `result ${item.id ?? '?'}: ${item.problem}`);
  return describeCheck(
    'feedback-read',
    'warning',
    `${lines.length} of ${total} result(s) do not read: ${lines.slice(0, SHOWN).join(' | ')}${lines.length > SHOWN ? ' | …' : ''}`,
    'each goes to the export report as unreadable, with its id and path; the others are exported',
    lines,
  );
}

async function checkFilter(api: OrgApi, items: readonly unknown[]): Promise<ConformanceCheck> {
  const businessId = items.map((item) => readField(item, 'business_id')).find((value): value is string => typeof value === 'string');
  if (businessId === undefined) return notChecked('filter-feedback', 'no feedback result to filter by');
  try {
    const page = await api.searchFeedbackResults({ businessIds: [businessId] }, 1);
    const outside = rawItems(page.items, page.unreadable).filter((item) => readField(item, 'business_id') !== businessId).length;
    if (outside > 0) return describeCheck('filter-feedback', 'blocking', `business__in=${businessId} answered ${outside} result(s) of other businesses`, IGNORED_FILTER_MEANING);
    return describeCheck('filter-feedback', 'ok', `business__in=${businessId} answered ${page.count} result(s) of that business`, "feedback exports hold only the businesses' results they ask");
  } catch (error) {
    return observeFailure('filter-feedback', error, error instanceof IgnoredRequestError ? IGNORED_FILTER_MEANING : 'filtered feedback exports fail');
  }
}
