import type { ApiClient } from '../../api/api-client.js';
import type { OrgApi } from '../../api/org-api.js';

/**
 * The budget each request of an import is paced with, as the service charges it: the searches for
 * businesses not read yet to `--org`'s (else the key's own), and a business's own requests to its
 * organization. A key that has read businesses of one organization only may be that organization's
 * own key, whose own budget is that organization's: its requests stay on one pacer, so that two
 * pacers never pace one budget at twice its rate. Reading a second organization shows a PROVIDER.
 */
export class OrgRouting {
  /** Requests about businesses whose organization is not known yet. */
  readonly lookup: OrgApi;
  private readonly seen = new Set<number>();

  constructor(
    private readonly client: ApiClient,
    private readonly orgId: number | undefined,
  ) {
    this.lookup = client.org(orgId);
  }

  /** The organizations of businesses just read. */
  note(orgIds: Iterable<number>): void {
    for (const orgId of orgIds) this.seen.add(orgId);
  }

  /** The endpoints for requests about a business of `orgId`. */
  forOrg(orgId: number): OrgApi {
    return this.orgId === undefined && this.seen.size < 2 ? this.lookup : this.client.org(orgId);
  }
}
