import type { OrgApi } from '../../../api/org-api.js';
import { PER_PAGE_MAX } from '../../../api/service-facts.js';
import type { BusinessTarget } from '../../../resources/business-target.js';
import type { CurrentBusiness } from './complete-business-update.js';

export type Resolution = { found: true; business: CurrentBusiness } | { found: false; error: string };

export interface ResolvedTargets {
  resolve(target: BusinessTarget): Resolution;
  /** Search requests it took. */
  reads: number;
}

/**
 * Reads the businesses a batch of rows addresses, at most 100 per request: ids with
 * `business__in`, store codes with `code` (so every role, PROVIDER included, can address by code).
 */
export async function resolveBusinesses(api: OrgApi, targets: readonly BusinessTarget[]): Promise<ResolvedTargets> {
  const ids = unique(targets.flatMap((target) => ('business_id' in target ? [target.business_id] : [])));
  const codes = unique(targets.flatMap((target) => ('code' in target ? [target.code] : [])));
  const byId = new Map<string, CurrentBusiness>();
  const byCode = new Map<string, CurrentBusiness[]>();
  let reads = 0;
  for (const chunk of chunks(ids)) {
    reads++;
    const page = await api.searchBusinesses({ business__in: chunk, per_page: PER_PAGE_MAX });
    for (const business of page.businesses) byId.set(business.id, business);
  }
  for (const chunk of chunks(codes)) {
    reads++;
    const page = await api.searchBusinesses({ code: chunk, per_page: PER_PAGE_MAX });
    for (const business of page.businesses) {
      if (business.code !== null) byCode.set(business.code, [...(byCode.get(business.code) ?? []), business]);
    }
  }
  return {
    reads,
    resolve(target) {
      if ('business_id' in target) {
        const business = byId.get(target.business_id);
        return business === undefined
          ? { found: false, error: `business_id: no business '${target.business_id}' that this key can read` }
          : { found: true, business };
      }
      const matches = byCode.get(target.code) ?? [];
      const [business] = matches;
      if (business === undefined) return { found: false, error: `code: no business with store code '${target.code}' that this key can read` };
      if (matches.length > 1) {
        return { found: false, error: `code: store code '${target.code}' is used in several organizations; give business_id, or --org` };
      }
      return { found: true, business };
    },
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function* chunks(values: readonly string[]): Generator<string[]> {
  for (let start = 0; start < values.length; start += PER_PAGE_MAX) yield values.slice(start, start + PER_PAGE_MAX);
}
