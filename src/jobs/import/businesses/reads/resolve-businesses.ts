import type { z } from 'zod';
import type { OrgApi } from '../../../../api/org-api.js';
import { readEach, type UnreadableItem } from '../../../../api/schemas/reading/read-each.js';
import { readField } from '../../../../api/checks/read-field.js';
import { PER_PAGE_MAX } from '../../../../api/facts/service-facts.js';
import type { BusinessTarget } from '../../../../resources/business-target.js';
import type { CurrentBusiness } from '../complete-business-update.js';
import { readSearchPages, type SearchedBusinesses } from './read-search-pages.js';
import { isSearchableCode, type StoreCodeSearch } from './store-code-search.js';

export type Resolution = { found: true; business: CurrentBusiness } | { found: false; error: string };

export interface ResolvedTargets {
  /** `orgId`, the row's `org_id` cell, tells apart the businesses of several organizations that share a store code. */
  resolve(target: BusinessTarget, orgId?: number): Resolution;
  /** Search requests it took. */
  reads: number;
  /** The organizations of the businesses found. */
  organizations: ReadonlySet<number>;
}

export interface ResolveOptions {
  /** Reads the fields the import uses; a business that does not fit it fails the rows addressing it. */
  schema?: z.ZodType<CurrentBusiness>;
  /** The organization `api` searches (`--org`, a job step's `org`): a business not found is said to be not found there. */
  orgId?: number | undefined;
}

/**
 * Reads the businesses a batch of rows addresses, 100 per search: ids with `business__in`, store
 * codes with `code` (so every role, PROVIDER included, can address by code), as `codeSearch` has
 * learnt the service reads a list of codes. A business that does not fit `schema` fails the rows
 * addressing it, with why, and so does a code no search can ask for alone.
 */
export async function resolveBusinesses(api: OrgApi, targets: readonly BusinessTarget[], codeSearch: StoreCodeSearch, options: ResolveOptions): Promise<ResolvedTargets> {
  const { schema, orgId } = options;
  const where = orgId === undefined ? '' : ` in organization ${orgId}`;
  const ids = unique(targets.flatMap((target) => ('business_id' in target ? [target.business_id] : [])));
  const codes = unique(targets.flatMap((target) => ('code' in target && isSearchableCode(target.code) ? [target.code] : [])));
  const byId = new Map<string, CurrentBusiness>();
  const byCode = new Map<string, CurrentBusiness[]>();
  const unreadableById = new Map<string, string>();
  const unreadableByCode = new Map<string, string[]>();
  const organizations = new Set<number>();
  let reads = 0;
  const search = async (params: { business__in: string[] } | { code: string[] }): Promise<CurrentBusiness[]> => {
    const found = readFields(await readSearchPages(api, params), schema);
    reads += found.reads;
    for (const { id, problem, raw } of found.unreadable) {
      if (id !== undefined) unreadableById.set(id, problem);
      const code = readField(raw, 'code');
      if (typeof code === 'string') unreadableByCode.set(code, [...(unreadableByCode.get(code) ?? []), problem]);
    }
    for (const business of found.businesses) organizations.add(business.org_id);
    return found.businesses;
  };
  for (const chunk of chunks(ids)) {
    for (const business of await search({ business__in: chunk })) byId.set(business.id, business);
  }
  await codeSearch.search(ids.length + codes.length, codes, async (asked) => {
    for (const business of await search({ code: asked })) {
      const { code } = business;
      if (typeof code === 'string') byCode.set(code, [...(byCode.get(code) ?? []), business]);
    }
    // A code is searched again only when a list missed it: those of `asked` known now came back from this search.
    return new Set(asked.filter((code) => byCode.has(code) || unreadableByCode.has(code)));
  });
  return {
    reads,
    organizations,
    resolve(target, orgId) {
      if ('business_id' in target) {
        const business = byId.get(target.business_id);
        if (business !== undefined) return { found: true, business };
        const problem = unreadableById.get(target.business_id);
        if (problem !== undefined) return { found: false, error: `unreadable: ${problem}` };
        return { found: false, error: `business_id: no business '${target.business_id}'${where} that this key can read` };
      }
      if (!isSearchableCode(target.code)) {
        return { found: false, error: 'code: a store code containing a comma cannot be searched by the API (code= reads commas as separators); give business_id' };
      }
      const matches = byCode.get(target.code) ?? [];
      const problems = unreadableByCode.get(target.code) ?? [];
      const [inOrg, ...others] = matches.filter((business) => business.org_id === orgId);
      if (inOrg !== undefined && others.length === 0) return { found: true, business: inOrg };
      if (matches.length + problems.length > 1) {
        return { found: false, error: `code: store code '${target.code}' is used in several organizations; give business_id, an org_id column, or --org` };
      }
      const [business] = matches;
      if (business !== undefined) return { found: true, business };
      const [problem] = problems;
      if (problem !== undefined) return { found: false, error: `unreadable: ${problem}` };
      // Digits alone are what a spreadsheet leaves of 000001: the person should look there first.
      const zeros = /^\d+$/.test(target.code) ? '; if a spreadsheet dropped its leading zeros, format the column as text and type them again' : '';
      return { found: false, error: `code: no business with store code '${target.code}'${where} that this key can read${zeros}` };
    },
  };
}

/** What `first` resolves, else what `second` does: the reads and organizations of both. */
export function orElse(first: ResolvedTargets, second: ResolvedTargets): ResolvedTargets {
  return {
    reads: first.reads + second.reads,
    organizations: new Set([...first.organizations, ...second.organizations]),
    resolve(target, orgId) {
      const resolution = first.resolve(target, orgId);
      return resolution.found ? resolution : second.resolve(target, orgId);
    },
  };
}

/** The businesses found, read with `schema` where the import needs more than their identity. */
function readFields(found: SearchedBusinesses, schema: z.ZodType<CurrentBusiness> | undefined): { businesses: CurrentBusiness[]; unreadable: UnreadableItem[]; reads: number } {
  if (schema === undefined) return found;
  const { items, unreadable } = readEach(found.businesses, schema);
  return { businesses: items, unreadable: [...found.unreadable, ...unreadable], reads: found.reads };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function* chunks(values: readonly string[]): Generator<string[]> {
  for (let start = 0; start < values.length; start += PER_PAGE_MAX) yield values.slice(start, start + PER_PAGE_MAX);
}
