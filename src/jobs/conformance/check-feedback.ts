import type { OrgApi } from '../../api/org-api.js';
import { readField } from '../../api/checks/read-field.js';
import { describeOddValue, findOddValues } from '../../api/schemas/reading/odd-value.js';
import { IgnoredRequestError } from '../../api/errors/ignored-request-error.js';
import { comparePages } from './compare-pages.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';
import { IGNORED_FILTER_MEANING } from './check-business-filters.js';
import { observeFailure } from './observe-failure.js';
import { readTwoPages, toRawPage, type RawPage } from './read-two-pages.js';

const SHOWN = 3;

const PAGES_MEANING = {
  items: 'results',
  ignored: 'feedback exports would read page 1 over and over; they stop with an error instead',
  overlap: 'feedback exports would hold results twice and miss others',
  ok: 'feedback exports read every result once',
  failed: 'feedback exports fail past page 1',
};

/** Feedback results: page 1 read, page 2 when there is one, and a search by the business of the first result. */
export async function checkFeedback(api: OrgApi): Promise<ConformanceCheck[]> {
  const listing = await readTwoPages('GET /feedback/feedback_result', async (page) => {
    const answer = await api.searchFeedbackResults({}, page);
    return toRawPage(answer, answer.items);
  });
  const [first] = listing.pages;
  if (first === undefined) {
    const failed = observeFailure('feedback-pages', listing.error, 'feedback exports fail');
    return [failed, notChecked('feedback-read', 'page 1 was not read'), notChecked('filter-feedback', 'page 1 was not read')];
  }
  const pages = first.answer.maxPage < 2 ? notChecked('feedback-pages', 'the key reads one page of feedback results') : comparePages('feedback-pages', listing, PAGES_MEANING);
  return [pages, checkRead(first.answer), await checkFilter(api, first.items)];
}

/** Results that do not read, and values that do not read in those that do (a state said as a list). */
function checkRead(first: RawPage): ConformanceCheck {
  const total = first.items.length;
  const odd = first.items.flatMap((item) => findOddValues(item).map((found) => `result ${String(readField(item, 'id'))}: ${describeOddValue(found)}`));
  if (first.unreadable.length === 0 && odd.length === 0) return describeCheck('feedback-read', 'ok', `${total} result(s) read`, 'feedback exports hold every result');
  const lines = [...first.unreadable.map((item) => `result ${item.id ?? '?'}: ${item.problem}`), ...odd];
  const counts = [first.unreadable.length > 0 ? `${first.unreadable.length} of ${total} result(s) do not read` : '', odd.length > 0 ? `${odd.length} value(s) do not read` : ''];
  return describeCheck(
    'feedback-read',
    'warning',
    `${counts.filter((count) => count !== '').join(', ')}: ${lines.slice(0, SHOWN).join(' | ')}${lines.length > SHOWN ? ' | …' : ''}`,
    'a result that does not read goes to the export report as unreadable, with its id and path, a value as JSON text with a warning; the others are exported',
    lines,
  );
}

/** The endpoint refuses an answer outside the filter (IgnoredRequestError): that is what trips this check. */
async function checkFilter(api: OrgApi, items: readonly unknown[]): Promise<ConformanceCheck> {
  const businessId = items.map((item) => readField(item, 'business_id')).find((value): value is string => typeof value === 'string');
  if (businessId === undefined) return notChecked('filter-feedback', 'no feedback result to filter by');
  try {
    const page = await api.searchFeedbackResults({ businessIds: [businessId] }, 1);
    return describeCheck('filter-feedback', 'ok', `business__in=${businessId} answered ${page.count ?? page.items.length} result(s) of that business`, "feedback exports hold only the businesses' results they ask");
  } catch (error) {
    return observeFailure('filter-feedback', error, error instanceof IgnoredRequestError ? IGNORED_FILTER_MEANING : 'filtered feedback exports fail');
  }
}
