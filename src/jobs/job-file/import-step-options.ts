import { toRenameColumns } from '../import/rename-columns.js';
import { toLimitOptions } from '../import/breakers/import-limits.js';
import type { ImportOptions } from '../import/import-options.js';
import { withOrg } from './estimate-org-loads.js';
import type { ImportStep, Job } from './job-schema.js';
import type { SplitStep } from './plan-job-shards.js';
import type { Shard } from './shard.js';

/** What a run of the job sets for every import step. */
export interface StepRunSettings {
  shard: Shard;
  /** Forces every import step to a dry run. */
  dryRun: boolean;
  /** Starts every import step over, as `restart: true` on each. */
  restart?: boolean;
  now: Date;
}

/** Where a step runs: its place in the job, its organization, and the rows of a split step. */
export interface StepPlace {
  index: number;
  org: number | undefined;
  split: SplitStep | undefined;
}

/**
 * An import step's options: `{org}` and `{shard}` in its paths, a dated report directory of its
 * own by default (one per organization, and per shard of a split step, so that shards sharing a
 * volume never share one), and a split step's rows.
 */
export function buildImportStepOptions(job: Job, step: ImportStep, { index, org, split }: StepPlace, options: StepRunSettings): ImportOptions {
  const { shard } = options;
  const { resource } = step.import;
  const orgSuffix = org === undefined ? '' : `-org${org}`;
  const shardSuffix = split === undefined ? '' : `-shard${shard.index}`;
  const reportDir = step.import.report ?? `reports/${safeName(job.name)}/${stamp(options.now)}/${index + 1}-${resource}${orgSuffix}${shardSuffix}`;
  return {
    file: withOrg(step.import.source, org),
    reportDir: withOrg(reportDir, org).replaceAll('{shard}', String(shard.index)),
    mode: step.import.mode,
    dryRun: step.import.dry_run || options.dryRun,
    restart: step.import.restart || options.restart === true,
    ...(step.import.sheet === undefined ? {} : { sheet: step.import.sheet }),
    ...(step.import.ignore_columns === undefined ? {} : { ignoreColumns: step.import.ignore_columns }),
    renameColumns: toRenameColumns(step.import.rename_columns),
    ...(step.import.date_format === undefined ? {} : { dateFormat: step.import.date_format }),
    ...(step.import.decimal_separator === undefined ? {} : { decimalSeparator: step.import.decimal_separator }),
    allowCodeChanges: step.import.allow_code_changes === true,
    ...toLimitOptions(resource, step.import),
    ...(org === undefined ? {} : { orgId: org }),
    ...(split === undefined ? {} : { shardRows: { shard: `${shard.index}/${shard.count}`, keeps: (rowOrg) => split.shardOfRow(rowOrg) === shard.index } }),
  };
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function stamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}
