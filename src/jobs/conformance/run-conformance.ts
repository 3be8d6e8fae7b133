import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { findStopCause } from '../../api/transport/find-stop-cause.js';
import { ApiError } from '../../api/errors/api-error.js';
import { RetryAfterTooLongError } from '../../api/errors/retry-after-too-long-error.js';
import { checkBusinessFilters } from './check-business-filters.js';
import { checkBusinessPages } from './check-business-pages.js';
import { checkBusinessesRead } from './check-businesses-read.js';
import { checkCodeList } from './check-code-list.js';
import { checkFeedback } from './check-feedback.js';
import { checkRateLimit } from './check-rate-limit.js';
import { checkWriteAnswer } from './check-write-answer.js';
import { notChecked, type AssumptionId, type ConformanceCheck, type ConformanceResult } from './conformance-check.js';
import { isOutage, observeFailure } from './observe-failure.js';

const WAIT_TOO_LONG = 'the service asked to wait longer than --max-retry-after';
const OUT_OF_REACH = 'the service could not be reached';

export interface ConformanceOptions {
  /** `c-CODE`: the business whose name is sent unchanged to see how writes are answered; no write without it. */
  writeProbe?: string;
}

/** Checks that run in order; each covers its assumptions, and a failed request is what it observed for the first. */
interface Step {
  ids: [AssumptionId, ...AssumptionId[]];
  /** The check whose failure leaves this step nothing to check. */
  needs?: AssumptionId;
  run(): Promise<ConformanceCheck[]>;
}

/**
 * Checks, with reads only (and the one write of `writeProbe`), the assumptions the client makes
 * of the service: pages, filters (a list of store codes among them), the shape of businesses and
 * feedback, custom field types, rate-limit answers and write answers. A refused key propagates; a
 * Retry-After too long to wait stops the checks, and is itself the rate-limit row; a service out of
 * reach stops them too, the checks left not known (`outage`).
 */
export async function runConformance(client: ApiClient, options: ConformanceOptions, logger: Logger): Promise<ConformanceResult> {
  let firstPage: unknown[] = [];
  /** Undefined while the business pages were not read. */
  let read: unknown[] | undefined;
  const firstOrg = (): number | undefined => {
    const orgId = (firstPage[0] as { org_id?: unknown } | undefined)?.org_id;
    return typeof orgId === 'number' ? orgId : undefined;
  };
  const steps: Step[] = [
    {
      ids: ['business-pages', 'page-counts', 'per-page'],
      run: async () => {
        const pages = await checkBusinessPages(client.org());
        firstPage = pages.firstPage;
        read = pages.read;
        return pages.checks;
      },
    },
    { ids: ['filter-code', 'filter-business-in', 'filter-org-id'], needs: 'business-pages', run: () => checkBusinessFilters(client, firstPage, read ?? []) },
    { ids: ['filter-code-list'], needs: 'business-pages', run: async () => [await checkCodeList(client, firstPage)] },
    { ids: ['custom-field-types', 'businesses-read'], run: () => checkBusinessesRead(client.org(firstOrg()), read, logger) },
    { ids: ['feedback-pages', 'feedback-read', 'filter-feedback'], run: () => checkFeedback(client.org()) },
  ];
  const { writeProbe } = options;
  if (writeProbe !== undefined) steps.push({ ids: ['write-answer'], run: async () => [await checkWriteAnswer(client.org(), writeProbe)] });

  const checks: ConformanceCheck[] = [];
  let stopped: RetryAfterTooLongError | undefined;
  let outage: ApiError | undefined;
  const failed = new Set<AssumptionId>();
  for (const step of steps) {
    if (stopped !== undefined || outage !== undefined) {
      checks.push(...step.ids.map((id) => notChecked(id, outage === undefined ? WAIT_TOO_LONG : OUT_OF_REACH)));
      continue;
    }
    const { needs } = step;
    if (needs !== undefined && failed.has(needs)) {
      checks.push(...step.ids.map((id) => notChecked(id, `${needs} failed`)));
      continue;
    }
    try {
      checks.push(...(await step.run()));
    } catch (error) {
      const cause = findStopCause(error) ?? error;
      if (cause instanceof RetryAfterTooLongError) {
        stopped = cause;
        checks.push(...step.ids.map((id) => notChecked(id, WAIT_TOO_LONG)));
        continue;
      }
      if (cause instanceof ApiError && isOutage(cause)) {
        outage = cause;
        checks.push(...step.ids.map((id) => notChecked(id, OUT_OF_REACH)));
        continue;
      }
      const [first, ...rest] = step.ids;
      failed.add(first);
      checks.push(observeFailure(first, error, 'runs that need it fail'), ...rest.map((id) => notChecked(id, `${first} failed`)));
    }
  }
  checks.push(checkRateLimit(client.readCounters().total, stopped));
  logger.info({ checks: checks.length }, 'checked the assumptions of the client');
  const passed = outage === undefined && checks.every((check) => check.status !== 'blocking');
  return { passed, checks, ...(outage === undefined ? {} : { outage }) };
}
