import { ApiError } from '../../../api/errors/api-error.js';
import type { OrgApi } from '../../../api/org-api.js';
import type { BusinessTarget } from '../../../resources/business-target.js';
import type { ImportRun } from '../import-run.js';
import type { ValidRow } from '../open-import.js';
import type { BusinessItemResource } from './business-item-resource.js';

/** Consecutive rows of one business: one read of its items in diff mode, and one request (services: one per row). */
export interface BusinessGroup<Row> {
  /** The business's id (a store code once resolved): the API path and the report's `_target`. */
  businessId: string;
  /** Paced with the business's organization, once known. */
  api: OrgApi;
  /** The column that found the business: where a "not found" belongs. */
  identityColumn: string;
  rows: ValidRow<BusinessTarget, Row>[];
}

interface PlannedRow<Row, Item> {
  row: ValidRow<BusinessTarget, Row>;
  item: Item;
  changes: string[];
}

/** Reads the business (diff mode), reports the rows that change nothing or cannot be sent, and writes the rest. */
export async function sendBusinessItems<Row, Item, Current, Answer>(
  run: ImportRun,
  group: BusinessGroup<Row>,
  resource: BusinessItemResource<Row, Item, Current, Answer>,
): Promise<void> {
  const target = group.businessId;
  let current: Current | undefined;
  if (run.options.mode === 'diff') {
    try {
      run.reads++;
      current = await resource.readCurrent(group.api, target);
    } catch (error) {
      for (const row of group.rows) await run.fail({ ...row.base, target }, error, group.identityColumn);
      return;
    }
  }
  const planned: PlannedRow<Row, Item>[] = [];
  for (const row of group.rows) {
    const plan = resource.planItem(row.update, current);
    if ('errors' in plan) {
      await run.record({ ...row.base, target, status: plan.invalid === true ? 'invalid' : 'failed', changes: [], errors: plan.errors });
    } else if (plan.changes.length === 0) {
      await run.record({ ...row.base, target, status: 'unchanged', changes: [], errors: [] });
    } else if (run.options.dryRun) {
      await run.record({ ...row.base, target, status: 'would_update', changes: plan.changes, errors: [] });
    } else {
      planned.push({ row, item: plan.item, changes: plan.changes });
    }
  }
  await writeItems(run, group, planned, resource);
}

/** The group's changed items: in one request, or one request each. */
async function writeItems<Row, Item, Current, Answer>(
  run: ImportRun,
  group: BusinessGroup<Row>,
  planned: readonly PlannedRow<Row, Item>[],
  resource: BusinessItemResource<Row, Item, Current, Answer>,
): Promise<void> {
  const { write } = resource;
  const describe = (item: Item, answer: Answer): string[] => resource.describeOutcome(item, answer);
  if ('all' in write) {
    await writeBatch(run, group, planned, {
      send: (items, signal) => write.all(group.api.withSignal(signal), group.businessId, items),
      readRefusals: (error, items) => write.readRefusals(error, items),
      describe,
    });
    return;
  }
  for (const entry of planned) {
    await writeBatch(run, group, [entry], { send: (_, signal) => write.each(group.api.withSignal(signal), group.businessId, entry.item), readRefusals: () => undefined, describe });
  }
}

interface BatchWriter<Item, Answer> {
  send(items: readonly Item[], signal: AbortSignal): Promise<Answer>;
  readRefusals(error: unknown, items: readonly Item[]): Map<number, string[]> | undefined;
  describe(item: Item, answer: Answer): string[];
}

/**
 * One request for the rows given. When the service refuses some items by name, those rows fail
 * with their own messages and the others are sent again without them: both writes are upserts of
 * the items sent, so sending an item twice is harmless.
 */
async function writeBatch<Row, Item, Answer>(
  run: ImportRun,
  group: BusinessGroup<Row>,
  planned: readonly PlannedRow<Row, Item>[],
  writer: BatchWriter<Item, Answer>,
): Promise<void> {
  const target = group.businessId;
  let pending = planned;
  while (pending.length > 0) {
    if (run.stopReason !== undefined) {
      for (const { row } of pending) await run.skip({ ...row.base, target });
      return;
    }
    const items = pending.map((entry) => entry.item);
    try {
      const answer = await run.write((signal) => writer.send(items, signal));
      // Recorded side by side: each row of the answer is journaled as its record starts, before anything else runs.
      await Promise.all(
        pending.map(({ row, item, changes }) =>
          run.record({ ...row.base, target, status: 'updated', changes: [...changes, ...writer.describe(item, answer)], errors: [] }),
        ),
      );
      return;
    } catch (error) {
      const refusals = writer.readRefusals(error, items);
      if (refusals === undefined || refusals.size === 0) {
        await Promise.all(pending.map(({ row }) => run.fail({ ...row.base, target }, error, group.identityColumn)));
        return;
      }
      const httpStatus = error instanceof ApiError ? error.status : undefined;
      await Promise.all(
        [...refusals].map(([index, errors]) => {
          const refused = pending[index];
          return refused === undefined ? Promise.resolve() : run.record({ ...refused.row.base, target, status: 'failed', httpStatus, changes: [], errors });
        }),
      );
      pending = pending.filter((_, index) => !refusals.has(index));
    }
  }
}
