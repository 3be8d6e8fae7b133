import type { DateFormat, DecimalSeparator } from '../../resources/cells/cell-context.js';
import type { SourceFile } from '../../sheets/file/source-file.js';
import type { ProgressListener } from '../job-progress.js';
import type { RowOrg } from './read-row-org.js';
import type { RowCounts } from './row-status.js';
import type { RunBreakers } from './breakers/run-breakers.js';

export const IMPORT_MODES = ['diff', 'patch'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A field changed in the file and in the API since the export: skip the row, send the file's value anyway, or fail the row. */
export const CONFLICT_POLICIES = ['skip', 'overwrite', 'fail'] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];
/** The policy without `--on-conflict`. */
export const DEFAULT_CONFLICT_POLICY: ConflictPolicy = 'skip';

export interface ImportOptions {
  file: string;
  /** `file`, already open for the job step that reads it more than once; else the import opens it. */
  source?: SourceFile;
  /** XLSX: the sheet to read; else the one named after the resource, else the first (the first whose header names a column the import reads). */
  sheet?: string;
  reportDir: string;
  mode: ImportMode;
  dryRun: boolean;
  /** Stop sending once more rows than this are invalid, failed or in conflict; the rest are reported as skipped. */
  maxErrors?: number;
  /** Businesses: limits checked on a plan of the whole file (a dry run first) before any write. */
  breakers?: RunBreakers;
  /** Businesses and custom-field order, diff mode, rows with a `_base`: what a conflict does (default skip). */
  onConflict?: ConflictPolicy;
  /** PROVIDER keys: the organization worked on. */
  orgId?: number;
  /** Columns the sheet may hold that no import reads (any other unknown column stops the import); the Summary lists them. */
  ignoreColumns?: readonly string[];
  /** Header names read as column names (`Code magasin` as `code`), in any case; the reports write the column names. */
  renameColumns?: ReadonlyMap<string, string> | undefined;
  /** How dates `a/b/yyyy` read whatever the file's locale; without it, dd/mm/yyyy in a file with decimal commas, else only unambiguous dates. */
  dateFormat?: DateFormat;
  /** How numbers written as text read whatever the file's delimiter; without it, with a decimal comma in a `;` file, else a dot. */
  decimalSeparator?: DecimalSeparator;
  /** Businesses: send a change of store code that the row's `_base` does not show as the file's own edit. */
  allowCodeChanges?: boolean;
  /** Stops the import cleanly: rows not sent yet are reported as skipped (a planning pass reads no further). */
  signal?: AbortSignal;
  /** The plan of a run with breakers (importAfterPlan), which a stop ends at once: a plan of part of the file is no plan. */
  planning?: boolean;
  /** Told each time a row is reported. */
  onProgress?: ProgressListener;
  /** Told the sheet's estimated rows before the first is read, for a time left: a workbook takes a pass of its own to count them. */
  onRowsExpected?: (rows: number) => void;
  /** Told the summary once summary.json is written, before a failure found at the end (a refused key) is thrown: a job step reports it either way. */
  onSummary?: (summary: ImportSummary) => void;
  /** Forget the journal an earlier run left in `reportDir` instead of resuming it. */
  restart?: boolean;
  /** A job's shard of a sheet of several organizations: the rows it imports, the others left to the other shards. */
  shardRows?: ShardRows;
}

/** An import's options once its file is open: every reader of the run, the plan's and the run's, takes this one file. */
export type OpenImportOptions = ImportOptions & { source: SourceFile };

export interface ShardRows {
  /** `K/N`, kept in the journal: a shard never resumes another shard's journal. */
  shard: string;
  /** Whether a row of this organization (its `org_id` cell, `own` when empty) is this shard's. */
  keeps(org: RowOrg): boolean;
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
  /** Rows whose outcome came from the journal of an earlier run with the same report directory. */
  resumed: number;
  /** A job's shard: the sheet's rows of organizations other shards import, which this report leaves out. */
  rows_other_shards?: number;
  requests: { total: number; reads: number; writes: number; retries: number; rate_limited: number };
  report_dir: string;
  /** Why rows were skipped, when the import stopped early. */
  stopped?: string;
  /** Per organization key (`org:<id>`, `own` for the key's own budget), when the requests went to several. */
  organizations?: Record<string, OrganizationTally>;
  /** The undo files of the report directory, oldest first, when a run wrote some: one per run, so a resumed run adds `undo-2`. */
  undo_files?: string[];
  /** Businesses: per organization id, the fields the service refused as edit_not_allowed, learned by the run's writes. */
  locked_fields?: Record<string, string[]>;
  /** The sheet's columns left out as --ignore-columns asked, as the header writes them. */
  ignored_columns?: string[];
  /** What the reader passed over or took on trust in the sheet: title rows above the header, a footer below the rows, unnamed columns. */
  warnings?: string[];
}

/** An organization's share of an import: the rows of its businesses, the requests charged to it and its 429s. */
export interface OrganizationTally {
  rows: number;
  requests: number;
  rate_limited: number;
}
