/** What happened to one row of an import; the report's `_status` column. */
export const ROW_STATUSES = ['updated', 'unchanged', 'would_update', 'invalid', 'failed', 'skipped'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export type RowCounts = Record<RowStatus, number> & { total: number };

export function createRowCounts(): RowCounts {
  return { total: 0, updated: 0, unchanged: 0, would_update: 0, invalid: 0, failed: 0, skipped: 0 };
}

/** Rows that need a person's attention: they go to `errors.<ext>` and make the exit code 2. */
export function isProblem(status: RowStatus): boolean {
  return status === 'invalid' || status === 'failed';
}
