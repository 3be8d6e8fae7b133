import type { RowStatus } from '../row-status.js';

/** The `_status` cell's fill in a report workbook (ARGB): Excel's own good, neutral and bad tints where they fit. */
export const STATUS_FILLS: Readonly<Record<RowStatus, string>> = {
  updated: 'FFC6EFCE',
  unchanged: 'FFEDEDED',
  would_update: 'FFDDEBF7',
  conflict: 'FFFFEB9C',
  invalid: 'FFFFC7CE',
  failed: 'FFFFC7CE',
  skipped: 'FFFCE4D6',
};
