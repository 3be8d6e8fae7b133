import type { RowStatus } from '../jobs/import/row-status.js';

/** The statuses of an import's rows, in the order a reader wants them. */
const SHOWN_STATUSES: readonly RowStatus[] = ['updated', 'would_update', 'unchanged', 'conflict', 'invalid', 'failed', 'skipped'];

/** An import's rows by outcome as words, the empty ones left out: `40 would update, 2 invalid`. */
export function describeRowCounts(rows: Readonly<Partial<Record<string, number>>>): string[] {
  return SHOWN_STATUSES.filter((status) => (rows[status] ?? 0) > 0).map((status) => `${(rows[status] ?? 0).toLocaleString('en-US')} ${status.replace('_', ' ')}`);
}
