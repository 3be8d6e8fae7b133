import type { ApiClient } from '../../api/api-client.js';
import { readField } from '../../api/checks/read-field.js';
import type { BusinessSearchParams } from '../../api/endpoints/query-params.js';
import { IgnoredRequestError } from '../../api/errors/ignored-request-error.js';
import { describeCheck, notChecked, type AssumptionId, type ConformanceCheck } from './conformance-check.js';
import { observeFailure } from './observe-failure.js';

export const IGNORED_FILTER_MEANING =
  'imports find rows by this filter and exports select by it: runs stop with "the service ignored the filter" rather than touch the wrong businesses';

/** A search by one filter, which matches at least one business. */
interface FilterProbe {
  id: AssumptionId;
  /** The organization the search is scoped to (sent as org_id). */
  orgId?: number;
  params: BusinessSearchParams;
  asked: string;
}

/**
 * Searches by a store code and by two ids taken from the first page and, when the businesses of
 * pages 1 and 2 (`read`) are of several organizations, by the org_id of one after the first: a
 * PROVIDER's first page may hold one organization's alone, as a search listed by organization does. The endpoint refuses an
 * answer with a business outside the filter, as it does in every run: its message is what was observed.
 */
export async function checkBusinessFilters(client: ApiClient, firstPage: readonly unknown[], read: readonly unknown[]): Promise<ConformanceCheck[]> {
  const checks: ConformanceCheck[] = [];
  for (const probe of planProbes(firstPage, read)) checks.push('params' in probe ? await runProbe(client, probe) : probe);
  return checks;
}

function planProbes(firstPage: readonly unknown[], read: readonly unknown[]): (FilterProbe | ConformanceCheck)[] {
  const code = firstPage.map((item) => readField(item, 'code')).find((value): value is string => typeof value === 'string' && value !== '');
  const ids = firstPage.slice(0, 2).map((item) => String(readField(item, 'id')));
  const orgs = new Set(read.map((item) => readField(item, 'org_id')).filter((value) => typeof value === 'number'));
  // Not the first business's organization: a service that ignores org_id answers that business first.
  const orgId = [...orgs].find((org) => org !== readField(read[0], 'org_id'));
  return [
    code === undefined
      ? notChecked('filter-code', 'no business of the first page has a store code')
      : { id: 'filter-code', params: { code: [code] }, asked: `code=${code}` },
    ids.length === 0
      ? notChecked('filter-business-in', 'the key reads no business')
      : { id: 'filter-business-in', params: { business__in: ids }, asked: `business__in=${ids.join(',')}` },
    orgId === undefined
      ? notChecked('filter-org-id', 'the businesses of pages 1 and 2 are of one organization (only a PROVIDER key reads several)')
      : { id: 'filter-org-id', orgId, params: {}, asked: `org_id=${orgId}` },
  ];
}

async function runProbe(client: ApiClient, probe: FilterProbe): Promise<ConformanceCheck> {
  try {
    const page = await client.org(probe.orgId).searchBusinesses({ ...probe.params, per_page: 100 });
    const found = page.businesses.length + page.unreadable.length;
    if (found === 0) return describeCheck(probe.id, 'blocking', `${probe.asked} answered no business, though one matches`, 'imports would report rows not found');
    return describeCheck(probe.id, 'ok', `${probe.asked} answered ${found} matching business(es)`, 'searches by this filter find what they ask');
  } catch (error) {
    return observeFailure(probe.id, error, error instanceof IgnoredRequestError ? IGNORED_FILTER_MEANING : 'searches by this filter fail: imports cannot find their rows');
  }
}
