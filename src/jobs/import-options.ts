import type { RowCounts } from './row-status.js';

export const IMPORT_MODES = ['diff', 'patch'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export interface ImportOptions {
  file: string;
  /** XLSX: the sheet to read; else the one named after the resource, else the first. */
  sheet?: string;
  reportDir: string;
  mode: ImportMode;
  dryRun: boolean;
  /** Stop sending once more rows than this are invalid or failed; the rest are reported as skipped. */
  maxErrors?: number;
  /** PROVIDER keys: the organization worked on. */
  orgId?: number;
  /** Stops the import cleanly: rows not sent yet are reported as skipped. */
  signal?: AbortSignal;
}

export interface ImportSummary {
  resource: string;
  source: string;
  mode: ImportMode;
  dry_run: boolean;
  started_at: string;
  finished_at: string;
  duration_s: number;
  rows: RowCounts;
  requests: { total: number; reads: number; writes: number; retries: number; rate_limited: number };
  report_dir: string;
  /** Why rows were skipped, when the import stopped early. */
  stopped?: string;
}
