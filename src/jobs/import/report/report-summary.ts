import type { SheetColumn, SheetRecord } from '../../../sheets/index.js';
import type { ImportOptions, ImportSummary } from '../import-options.js';
import { ROW_STATUSES, type RowCounts } from '../row-status.js';
import type { Limit } from '../breakers/run-breakers.js';
import type { ErrorTally } from './tally-errors.js';

/** What the run knows once its rows are reported: the Summary sheet and summary.json show it. */
export type RunFacts = Pick<ImportSummary, 'started_at' | 'finished_at' | 'duration_s' | 'requests' | 'resumed' | 'stopped' | 'rows_other_shards' | 'locked_fields' | 'ignored_columns' | 'warnings'>;

export interface RunSummary {
  resource: string;
  options: ImportOptions;
  rows: RowCounts;
  errors: ErrorTally;
  /** The errors file's name; undefined when no row is invalid, failed or in conflict, so there is none. */
  errorsFile: string | undefined;
  facts: RunFacts;
}

export const SUMMARY_SHEET = 'Summary';
export const SUMMARY_COLUMNS: readonly SheetColumn[] = [{ key: 'section' }, { key: 'item' }, { key: 'value' }];
const SHOWN_ERRORS = 10;

/** The Summary sheet of a report workbook: counts per status, the most frequent errors, requests and duration, the settings. */
export function summarizeRun({ resource, options, rows, errors, errorsFile, facts }: RunSummary): SheetRecord[] {
  const line = (section: string, item: string, value: string | number): SheetRecord => ({ section, item, value });
  const top = errors.top(SHOWN_ERRORS);
  return [
    line('run', 'file', options.file),
    line('run', 'resource', resource),
    line('run', 'started', facts.started_at),
    line('run', 'duration (s)', facts.duration_s),
    ...(facts.stopped === undefined ? [] : [line('run', 'stopped', facts.stopped)]),
    line('rows', 'total', rows.total),
    ...ROW_STATUSES.map((status) => line('rows', status, rows[status])),
    ...(facts.resumed > 0 ? [line('rows', 'from an earlier run (resumed)', facts.resumed)] : []),
    ...(facts.rows_other_shards === undefined ? [] : [line('rows', 'left to other shards', facts.rows_other_shards)]),
    errorsFile === undefined ? line('errors', 'none', 'no row is invalid, failed or in conflict: there is no errors file') : line('errors', 'file', errorsFile),
    ...top.map(({ error, rows: count }) => line('errors', error, count)),
    line('requests', 'total', facts.requests.total),
    line('requests', 'reads', facts.requests.reads),
    line('requests', 'writes', facts.requests.writes),
    line('requests', 'retries', facts.requests.retries),
    line('requests', 'rate limited (429)', facts.requests.rate_limited),
    ...(facts.ignored_columns === undefined ? [] : [line('columns', 'ignored (--ignore-columns)', facts.ignored_columns.join(', '))]),
    ...(facts.warnings ?? []).map((warning) => line('sheet', 'warning', warning)),
    ...Object.entries(facts.locked_fields ?? {}).map(([orgId, fields]) => line('locked fields', `organization ${orgId}`, fields.join(', '))),
    ...describeSettings(options).map(([item, value]) => line('settings', item, value)),
  ];
}

function describeSettings(options: ImportOptions): [string, string | number][] {
  const settings: [string, string | number | undefined][] = [
    ['mode', options.mode],
    ['dry run', options.dryRun ? 'yes' : 'no'],
    ['sheet', options.sheet],
    ['org', options.orgId],
    ['shard', options.shardRows?.shard],
    ['on conflict', options.onConflict],
    ['max errors', options.maxErrors],
    ['max changes', describeLimit(options.breakers?.maxChanges)],
    ['max status changes', describeLimit(options.breakers?.maxStatusChanges)],
    ['max errors (plan)', describeLimit(options.breakers?.maxErrors)],
    ['report', options.reportDir],
  ];
  return settings.filter((setting): setting is [string, string | number] => setting[1] !== undefined);
}

function describeLimit(limit: Limit | undefined): string | undefined {
  if (limit === undefined) return undefined;
  return 'rows' in limit ? `${limit.rows} rows` : `${limit.percent}%`;
}
