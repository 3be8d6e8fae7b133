import type { ApiClient } from '../../api/api-client.js';
import type { OrgApi } from '../../api/org-api.js';
import { budgetKeyOf, type CountersSnapshot } from '../../api/pacing/org-budget.js';
import type { OrganizationTally } from './import-options.js';

/**
 * The budget each request of an import is paced with, as the service charges it: the searches for
 * businesses not read yet to `--org`'s (else the key's own), and a business's own requests to its
 * organization. A key that has read businesses of one organization only may be that organization's
 * own key, whose own budget is that organization's: its requests stay on one OrgBudget, so that
 * two never pace one budget at twice its rate. Reading a second organization shows a PROVIDER.
 */
export class OrgRouting {
  /** Requests about businesses whose organization is not known yet. */
  readonly lookup: OrgApi;
  private readonly seen = new Set<number>();
  private readonly rows = new Map<string, number>();
  /** The client serves every step of a job: the import's requests are those counted since it started. */
  private readonly before: CountersSnapshot;

  constructor(
    private readonly client: ApiClient,
    private readonly orgId: number | undefined,
  ) {
    this.lookup = client.org(orgId);
    this.before = client.readCounters();
  }

  /** The organizations of businesses just read. */
  note(orgIds: Iterable<number>): void {
    for (const orgId of orgIds) this.seen.add(orgId);
  }

  /**
   * The read a row's business is searched with: that of the organization the sheet names, once
   * the key has read businesses of two (a PROVIDER) and without --org, whose budget pays for
   * everything; else `lookup`.
   */
  readKey(sheetOrgId: number | undefined): number | 'lookup' {
    return this.orgId === undefined && this.seen.size >= 2 && sheetOrgId !== undefined ? sheetOrgId : 'lookup';
  }

  /** The endpoints of a read, charged to its organization. */
  reader(key: number | 'lookup'): OrgApi {
    return key === 'lookup' ? this.lookup : this.client.org(key);
  }

  /** The endpoints for requests about a business of `orgId`; its `rows` count towards that organization. */
  forOrg(orgId: number, rows = 1): OrgApi {
    const own = this.orgId === undefined && this.seen.size < 2;
    const key = budgetKeyOf(own ? undefined : this.orgId ?? orgId);
    this.rows.set(key, (this.rows.get(key) ?? 0) + rows);
    return own ? this.lookup : this.client.org(orgId);
  }

  /** Each organization's rows, requests and 429s, when the import went to more than one budget. */
  tally(): Record<string, OrganizationTally> | undefined {
    const { organizations } = this.client.readCounters();
    const keys = [...new Set([...this.rows.keys(), ...Object.keys(organizations)])].sort();
    const tallies = keys.flatMap((key) => {
      const requests = (organizations[key]?.sent ?? 0) - (this.before.organizations[key]?.sent ?? 0);
      const rateLimited = (organizations[key]?.rateLimited ?? 0) - (this.before.organizations[key]?.rateLimited ?? 0);
      const rows = this.rows.get(key) ?? 0;
      return rows + requests === 0 ? [] : [[key, { rows, requests, rate_limited: rateLimited }] as const];
    });
    return tallies.length > 1 ? Object.fromEntries(tallies) : undefined;
  }
}
