import type { FeedbackFilter } from '../../../api/endpoints/query-params.js';
import type { FeedbackResult } from '../../../api/schemas/feedback-results.js';
import { PER_PAGE_MAX } from '../../../api/facts/service-facts.js';
import { toUnreadableFailures } from './export-failures.js';
import type { ExportRun, PageSource } from './export-run.js';
import { toListingAnswer } from '../../listing/to-listing-answer.js';

const FEEDBACK_SEARCH = 'GET /feedback/feedback_result';

/**
 * The feedback lists an export reads. The feedback search takes no organization: with `--org`,
 * the results are those of the organization's businesses, asked 100 business ids at a time (and
 * each result checked against them), so that a PROVIDER key gets that organization's only.
 */
export async function listFeedbackSources(run: ExportRun, filter: FeedbackFilter, orgId: number | undefined): Promise<PageSource<FeedbackResult>[]> {
  if (orgId === undefined) return [feedbackSource(run, FEEDBACK_SEARCH, filter)];
  const ids = await readBusinessIds(run);
  const asked = filter.businessIds;
  const kept = asked === undefined ? ids : ids.filter((id) => asked.includes(id));
  const sources: PageSource<FeedbackResult>[] = [];
  for (let start = 0; start < kept.length; start += PER_PAGE_MAX) {
    const chunk = kept.slice(start, start + PER_PAGE_MAX);
    const name = `${FEEDBACK_SEARCH} (organization ${orgId}, businesses ${start + 1} to ${start + chunk.length})`;
    sources.push(feedbackSource(run, name, { ...filter, businessIds: chunk }));
  }
  return sources;
}

function feedbackSource(run: ExportRun, name: string, filter: FeedbackFilter): PageSource<FeedbackResult> {
  return {
    name,
    idOf: (result) => String(result.id),
    async fetch(page, _perPage, signal) {
      const answer = await run.api.withSignal(signal).searchFeedbackResults(filter, page);
      return { ...toListingAnswer(answer, answer.items), failures: toUnreadableFailures(`${name} page ${page}`, answer.unreadable, 'result') };
    },
  };
}

/** Every business id of the organization the run reads, those that do not read as a whole included: their feedback is the organization's too. */
async function readBusinessIds(run: ExportRun): Promise<string[]> {
  const source: PageSource<string> = {
    name: 'GET /business/search',
    perPage: PER_PAGE_MAX,
    idOf: (id) => id,
    async fetch(page, perPage = PER_PAGE_MAX, signal) {
      const answer = await run.api.withSignal(signal).searchBusinesses({ page, per_page: perPage });
      const items = [...answer.businesses.map((business) => business.id), ...answer.unreadable.flatMap((item) => item.id ?? [])];
      return toListingAnswer(answer, items);
    },
  };
  const ids: string[] = [];
  for await (const { items } of run.readPages(source)) ids.push(...items);
  return ids;
}
