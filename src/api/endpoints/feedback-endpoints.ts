import { renameParams } from '../transport/api-request.js';
import { findIgnoredFeedbackFilter } from '../checks/find-ignored-feedback-filter.js';
import { refuseIgnoredFilter } from '../checks/refuse-ignored-filter.js';
import { FeedbackPageSchema, type FeedbackPage } from '../schemas/feedback-results.js';
import { FEEDBACK_FILTER_PARAMS } from '../facts/service-facts.js';
import type { CallApi } from './call-api.js';
import type { FeedbackFilter } from './query-params.js';

export interface FeedbackEndpoints {
  /** `GET /feedback/feedback_result`: 30 results per page. */
  searchFeedbackResults(filter?: FeedbackFilter, page?: number): Promise<FeedbackPage>;
}

export function createFeedbackEndpoints(call: CallApi): FeedbackEndpoints {
  return {
    searchFeedbackResults: async (filter = {}, page) => {
      const path = '/feedback/feedback_result';
      const answer = await call({ method: 'GET', path, query: { ...renameParams(filter, FEEDBACK_FILTER_PARAMS), page }, answersNotFound: false }, FeedbackPageSchema);
      refuseIgnoredFilter(path, answer.items, answer.unreadable, (item) => findIgnoredFeedbackFilter(filter, item));
      return answer;
    },
  };
}
