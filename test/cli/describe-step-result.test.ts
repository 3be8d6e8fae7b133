import { describe, expect, it } from 'vitest';
import { describeStepResult } from '../../src/cli/describe-step-result.js';
import type { StepResult } from '../../src/jobs/job-file/run-job.js';

const rows = (counts: Record<string, number>) => ({ total: 0, updated: 0, unchanged: 0, would_update: 0, conflict: 0, invalid: 0, failed: 0, skipped: 0, ...counts });
const step = (result: Partial<StepResult>): StepResult => ({ step: 'holiday hours', status: 'ok', tolerated: false, ...result });

describe("a job step's line", () => {
  it.each([
    ['a real import', step({ status: 'partial', summary: { report_dir: 'reports/hh', dry_run: false, rows: rows({ updated: 40, failed: 2 }) } }), 'hh / holiday hours: 40 updated, 2 failed; report in reports/hh'],
    ['a resumed import', step({ summary: { report_dir: 'reports/hh', dry_run: false, rows: rows({ updated: 40 }), resumed: 40 } }), 'hh / holiday hours: 40 updated, 40 from an earlier run; report in reports/hh'],
    ['a rehearsal', step({ status: 'partial', summary: { report_dir: 'reports/hh', dry_run: true, rows: rows({ would_update: 40, invalid: 2 }) } }), 'hh / holiday hours: rehearsal — 40 would update, 2 invalid; report in reports/hh'],
    ['an import of no rows', step({ summary: { report_dir: 'reports/hh', dry_run: false, rows: rows({}) } }), 'hh / holiday hours: 0 rows; report in reports/hh'],
    ['a stopped import', step({ status: 'stopped', org: 12, summary: { report_dir: 'r', dry_run: false, rows: rows({ updated: 5, skipped: 1_200 }) } }), 'hh / holiday hours (org 12): stopped — 5 updated, 1,200 skipped; report in r'],
    ['a failed step', step({ status: 'failed', error: 'Could not read x.csv: it is empty. Export it again.' }), 'hh / holiday hours: failed — Could not read x.csv: it is empty. Export it again.'],
    ['a skipped step', step({ status: 'skipped' }), 'hh / holiday hours: skipped'],
    ['an export', step({ summary: { out: 'f.xlsx', rows: 1, failures: 0, errors_file: null } }), 'hh / holiday hours: 1 row written to f.xlsx'],
    ['a stopped export', step({ status: 'stopped', summary: { out: 'f.csv', rows: 100, failures: 0, errors_file: null, stopped: 'the export was stopped' } }), 'hh / holiday hours: stopped — 100 rows read, not written to f.csv'],
    ['an export with failures', step({ status: 'partial', summary: { out: 'f.csv', rows: 90, failures: 2, errors_file: 'f.csv.errors.csv' } }), 'hh / holiday hours: 90 rows written to f.csv; 2 failed, see f.csv.errors.csv'],
    ['a step reporting elsewhere', step({ note: 'why', summary: { report_dir: 'r-2', dry_run: false, rows: rows({ unchanged: 3 }) } }), 'hh / holiday hours: 3 unchanged; report in r-2 (why)'],
  ])('%s', (_name, result, line) => {
    expect(describeStepResult('hh', result)).toBe(line);
  });
});
