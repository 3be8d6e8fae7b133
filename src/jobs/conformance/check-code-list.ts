import type { ApiClient } from '../../api/api-client.js';
import { readField } from '../../api/checks/read-field.js';
import { IgnoredRequestError } from '../../api/errors/ignored-request-error.js';
import { IGNORED_FILTER_MEANING } from './check-business-filters.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';
import { observeFailure } from './observe-failure.js';
import { rawItems } from '../../api/schemas/reading/read-each.js';

/**
 * Searches two store codes of the first page in one `code=A,B`. The public facts accept a list; the
 * 2021 description takes one code, and a service that reads `A,B` as one code answers fewer
 * businesses: imports then search one code per request (they find that out too), so it warns.
 */
export async function checkCodeList(client: ApiClient, firstPage: readonly unknown[]): Promise<ConformanceCheck> {
  const codes = [...new Set(firstPage.map((item) => readField(item, 'code')).filter((value): value is string => typeof value === 'string' && value !== ''))].slice(0, 2);
  if (codes.length < 2) return notChecked('filter-code-list', 'fewer than two businesses of the first page have a store code');
  const asked = `code=${codes.join(',')}`;
  try {
    const page = await client.org().searchBusinesses({ code: codes, per_page: 100 });
    const answered = new Set(rawItems(page.businesses, page.unreadable).map((item) => readField(item, 'code')));
    const found = codes.filter((code) => answered.has(code)).length;
    if (found === codes.length) return describeCheck('filter-code-list', 'ok', `${asked} answered the businesses of both codes`, 'imports by store code search 100 codes a request');
    return describeCheck(
      'filter-code-list',
      'warning',
      `${asked} answered the businesses of ${found === 0 ? 'neither code' : 'one code'}: the service reads code= as one store code`,
      'imports by store code send one request per code instead of one per 100 (they find out on their own): runs still work, more slowly',
    );
  } catch (error) {
    return observeFailure('filter-code-list', error, error instanceof IgnoredRequestError ? IGNORED_FILTER_MEANING : 'searches by several store codes fail: imports by store code cannot find their rows');
  }
}
