import type { RowStatus } from '../jobs/import/row-status.js';

/** The statuses of an import's rows, in the order a reader wants them. */
const SHOWN_STATUSES: readonly RowStatus[] = ['updated', 'would_update', 'unchanged', 'conflict', 'invalid', 'failed', 'skipped'];

/**
 * An import's rows by outcome as words, the empty ones left out, then those an earlier run did
 * (`40 updated, 40 from an earlier run`), so that a rerun is not read as sending them again.
 */
export function describeRowCounts(rows: Readonly<Partial<Record<string, number>>>, resumed = 0): string[] {
  const counts = SHOWN_STATUSES.filter((status) => (rows[status] ?? 0) > 0).map((status) => `${(rows[status] ?? 0).toLocaleString('en-US')} ${status.replace('_', ' ')}`);
  return resumed > 0 ? [...counts, `${resumed.toLocaleString('en-US')} from an earlier run`] : counts;
}
