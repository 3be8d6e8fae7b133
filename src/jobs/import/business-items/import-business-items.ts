import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import { PER_PAGE_MAX } from '../../../api/facts/service-facts.js';
import type { BusinessTarget } from '../../../resources/business-target.js';
import { resolveBusinesses, type ResolvedTargets } from '../businesses/reads/resolve-businesses.js';
import { StoreCodeSearch } from '../businesses/reads/store-code-search.js';
import { describeBusinessTarget } from '../../../resources/describe-business-target.js';
import type { ImportSummary, OpenImportOptions } from '../import-options.js';
import type { ImportRun } from '../import-run.js';
import { openImport, type ValidRow } from '../open-import.js';
import { OrgRouting } from '../org-routing.js';
import type { BusinessItemResource } from './business-item-resource.js';
import { sendBusinessItems, type BusinessGroup } from './send-business-items.js';

/** Businesses resolved together: one search request finds up to 100 of them. */
const GROUPS_PER_BATCH = PER_PAGE_MAX;

interface RowGroup<Row> {
  /** The id or `c-<code>` the rows address. */
  key: string;
  target: BusinessTarget;
  rows: ValidRow<BusinessTarget, Row>[];
  /** Line of the row that set each item, so a second row for it is refused. */
  lines: Map<string, number>;
}

/**
 * Imports a sheet of items set on businesses (services, attributes). Consecutive rows of the same
 * business form a group (sorted exports give that), which reads the business once and writes its
 * items (attributes in one request, services one each); a business met again later in the sheet
 * forms another group, sent after the first.
 */
export async function importBusinessItems<Row, Item, Current, Answer>(
  client: ApiClient,
  options: OpenImportOptions,
  logger: Logger,
  resource: BusinessItemResource<Row, Item, Current, Answer>,
): Promise<ImportSummary> {
  const { run, rows } = await openImport(client, options, logger, resource.catalog);
  const routing = new OrgRouting(client, options.orgId);
  run.organizations = () => routing.tally();
  const batches = new GroupBatches(run, routing, new StoreCodeSearch(logger), resource);
  let group: RowGroup<Row> | undefined;
  for await (const row of rows) {
    const key = describeBusinessTarget(row.target);
    if (group?.key !== key) {
      if (group !== undefined) await batches.add(group);
      group = { key, target: row.target, rows: [], lines: new Map() };
    }
    const item = resource.readItemKey(row.update);
    const earlier = group.lines.get(item);
    if (earlier === undefined) {
      group.lines.set(item, row.base.line);
      group.rows.push(row);
    } else {
      const errors = [`${resource.itemColumn}: set already by row ${earlier} for this business; give each ${resource.itemColumn} one row`];
      await run.record({ ...row.base, target: key, status: 'invalid', changes: [], errors });
    }
  }
  if (group !== undefined) await batches.add(group);
  await batches.flush();
  return run.finish(resource.catalog.resource);
}

class GroupBatches<Row, Item, Current, Answer> {
  private batch: RowGroup<Row>[] = [];
  /** The last work sent for each business: a business met again waits for it, so the sheet's order wins. */
  private readonly lastWork = new Map<string, Promise<void>>();

  constructor(
    private readonly run: ImportRun,
    private readonly routing: OrgRouting,
    private readonly codeSearch: StoreCodeSearch,
    private readonly resource: BusinessItemResource<Row, Item, Current, Answer>,
  ) {}

  async add(group: RowGroup<Row>): Promise<void> {
    this.batch.push(group);
    if (this.batch.length === GROUPS_PER_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const groups = this.batch;
    this.batch = [];
    // Rows held for their batch when the import stopped cost no read.
    if (this.run.stopReason !== undefined) {
      for (const group of groups) for (const row of group.rows) await this.run.skip({ ...row.base, target: group.key });
      return;
    }
    const resolved = groups.length === 0 ? undefined : await this.resolve(groups);
    for (const group of groups) {
      const identityColumn = 'code' in group.target ? 'code' : 'business_id';
      // Without a resolution, the failed search has reported the rows.
      const resolution = resolved?.resolve(group.target);
      if (resolution?.found === false) {
        for (const row of group.rows) await this.run.record({ ...row.base, target: group.key, status: 'failed', changes: [], errors: [resolution.error] });
      } else if (resolution !== undefined) {
        const { id, org_id: orgId } = resolution.business;
        await this.send({ businessId: id, api: this.routing.forOrg(orgId, group.rows.length), identityColumn, rows: group.rows });
      }
    }
  }

  /**
   * One search per 100 businesses; a failed search fails their rows. Ids are searched too: for the
   * organization each business's requests are charged to, and with --org so that a business of
   * another organization is not written (the search is limited to it), as a business import does.
   */
  private async resolve(groups: readonly RowGroup<Row>[]): Promise<ResolvedTargets | undefined> {
    try {
      const resolved = await resolveBusinesses(this.routing.lookup, groups.map((group) => group.target), this.codeSearch, { orgId: this.run.options.orgId });
      this.run.reads += resolved.reads;
      this.routing.note(resolved.organizations);
      return resolved;
    } catch (error) {
      for (const group of groups) {
        for (const row of group.rows) await this.run.fail({ ...row.base, target: group.key }, error, 'code' in group.target ? 'code' : 'business_id');
      }
      return undefined;
    }
  }

  /** Sends the group once the earlier work for the same business is done; skips it when the import has stopped. */
  private async send(group: BusinessGroup<Row>): Promise<void> {
    const id = group.businessId;
    const work = (this.lastWork.get(id) ?? Promise.resolve()).then(async () => {
      if (this.run.stopReason === undefined) await sendBusinessItems(this.run, group, this.resource);
      else for (const row of group.rows) await this.run.skip({ ...row.base, target: id });
    });
    this.lastWork.set(id, work);
    await this.run.dispatch(() =>
      work.finally(() => {
        if (this.lastWork.get(id) === work) this.lastWork.delete(id);
      }),
    );
  }
}
