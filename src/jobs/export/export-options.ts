import type { CsvDialectName } from '../../sheets/index.js';
import type { ProgressListener } from '../job-progress.js';
import type { ExportFilters } from './export-filters.js';

/** What the summary and the messages call an export to standard output. */
export const PIPED_OUTPUT = 'standard output';

export interface ExportOptions {
  /** .csv, .tsv, .txt or .xlsx; failures go to `<out>.errors.csv`, saved pages to `<out>.parts/`. */
  out: string;
  /** Checked with parseExportFilters: only the filters of the exported resource. */
  filters: ExportFilters;
  /** CSV files: how the file is written (see nameCsvDialect); excel by default. */
  csvDialect?: CsvDialectName;
  /** PROVIDER keys: the organization to read; also paces every request of the export. */
  orgId?: number;
  /** Stops the export: no new request is sent, the rows read so far are written. */
  signal?: AbortSignal;
  /** Told each time the rows of a page are written. */
  onProgress?: ProgressListener;
  /** Told the summary once the export ends, before a failure that stopped it (a refused key) is thrown: a job step reports it either way. */
  onSummary?: (summary: ExportSummary) => void;
  /** A job's `out` as its file writes it, `{date}` unfilled: once complete, the export removes its stale saved pages of other days (remove-stale-parts.ts). */
  outPattern?: string;
  /** Written to standard output (export-piped.ts): nothing is kept for a rerun, and failures are logged, with no file to list them in. */
  piped?: true;
}

export interface ExportSummary {
  resource: string;
  out: string;
  /** Rows of the main sheet. */
  rows: number;
  /** Pages read from the API, and pages taken from `<out>.parts/` saved by an earlier, interrupted run. */
  pages: { fetched: number; resumed: number };
  /** Pages and businesses that still failed after retries, listed in `errors_file`. */
  failures: number;
  errors_file: string | null;
  requests: { sent: number; retries: number; rate_limited: number };
  started_at: string;
  finished_at: string;
  duration_s: number;
  /** Why the export stopped early. */
  stopped?: string;
  /** What the service did that the file may show: a list that changed during the export, items listed twice. */
  warnings?: string[];
}
