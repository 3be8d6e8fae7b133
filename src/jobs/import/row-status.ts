/** What happened to one row of an import; the report's `_status` column. */
export const ROW_STATUSES = ['updated', 'unchanged', 'would_update', 'conflict', 'invalid', 'failed', 'skipped'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export type RowCounts = Record<RowStatus, number> & { total: number };

export function createRowCounts(): RowCounts {
  return { total: 0, updated: 0, unchanged: 0, would_update: 0, conflict: 0, invalid: 0, failed: 0, skipped: 0 };
}

/** Rows that need a person's attention: they go to `errors.<ext>` and make the exit code 2. */
export function isProblem(status: RowStatus): boolean {
  return status === 'conflict' || status === 'invalid' || status === 'failed';
}

/** The rows of an import that need a person's attention. */
export function countProblems(rows: RowCounts): number {
  return rows.conflict + rows.invalid + rows.failed;
}

/**
 * 4xx answers that may differ when asked again, the row unchanged: a refused key (once rotated), the
 * key's rights or a field disabled for the organization (once given back), a timeout, the rate limit.
 */
const RETRYABLE_CLIENT_STATUSES: ReadonlySet<number> = new Set([401, 403, 408, 429]);

/**
 * Outcomes a resumed import keeps instead of sending the row again: written, unchanged, in
 * conflict, invalid, planned by a dry run, or refused by the service for the row itself (4xx).
 * Skipped rows, 5xx, refusals for the key's rights and failures without an answer are tried again.
 */
export function isFinalOutcome(status: RowStatus, httpStatus: number | undefined): boolean {
  if (status !== 'failed') return status !== 'skipped';
  return httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500 && !RETRYABLE_CLIENT_STATUSES.has(httpStatus);
}
