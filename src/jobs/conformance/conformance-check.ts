import type { ApiError } from '../../api/errors/api-error.js';

/** `blocking`: a run would stop or go wrong; `warning`: runs go on, as the meaning says. */
export type CheckStatus = 'ok' | 'warning' | 'blocking' | 'not-checked';

/** One assumption of the client, as the endpoint answered it. */
export interface ConformanceCheck {
  /** Stable name, for scripts reading `--json`. */
  id: AssumptionId;
  assumption: string;
  status: CheckStatus;
  observed: string;
  /** What it means for import and export runs. */
  meaning: string;
  /** Items that do not read, each with the path at fault. */
  details?: string[];
}

export interface ConformanceResult {
  /** True when nothing blocks a run. */
  passed: boolean;
  checks: ConformanceCheck[];
  /** Why the service could not be reached, when it could not: the checks from there on are not known. */
  outage?: ApiError;
}

/** The assumptions the client makes of the service, each checked by one row. */
export const ASSUMPTIONS = {
  'business-pages': 'GET /business/search serves the page asked, each business once',
  'page-counts': 'count and max_page stay the same from one page to the next',
  'per-page': 'per_page is served as asked, up to 100',
  'filter-code': 'code= answers only the businesses with those store codes',
  'filter-business-in': 'business__in= answers only those businesses',
  'filter-org-id': "org_id= answers only that organization's businesses",
  'filter-code-list': 'code=A,B answers the businesses of each store code listed (public facts; the 2021 description takes one code)',
  'businesses-read': "every business of the first pages reads with the client's schemas",
  'custom-field-types': 'every custom field has a type the client knows',
  'feedback-pages': 'GET /feedback/feedback_result serves the page asked',
  'filter-feedback': "feedback business__in= answers only those businesses' results",
  'feedback-read': "every feedback result of the first page reads with the client's schema",
  'rate-limit': '429 answers carry a Retry-After the client can wait out',
  'write-answer': 'POST /business/{id} answers {status: "success", id} for the business addressed, and applies the change',
} as const;
export type AssumptionId = keyof typeof ASSUMPTIONS;

export function describeCheck(id: AssumptionId, status: CheckStatus, observed: string, meaning: string, details?: string[]): ConformanceCheck {
  return { id, assumption: ASSUMPTIONS[id], status, observed, meaning, ...(details === undefined || details.length === 0 ? {} : { details }) };
}

export function notChecked(id: AssumptionId, why: string): ConformanceCheck {
  return describeCheck(id, 'not-checked', `not checked: ${why}`, 'nothing known either way');
}
