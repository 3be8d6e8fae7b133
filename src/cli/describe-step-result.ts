import { z } from 'zod';
import type { StepResult } from '../jobs/job-file/run-job.js';
import { countOf } from './count-of.js';
import { describeRowCounts } from './describe-row-counts.js';

const ImportOutcomeSchema = z.object({ report_dir: z.string(), dry_run: z.boolean(), rows: z.record(z.string(), z.number()), resumed: z.number().optional() });
const ExportOutcomeSchema = z.object({ out: z.string(), rows: z.number(), failures: z.number(), errors_file: z.string().nullable(), stopped: z.string().optional() });

/**
 * One line per step of a job: its rows by outcome and where its report is, a rehearsal said so
 * (`holiday-hours / holiday hours: rehearsal — 40 would update, 2 invalid; report in …`); a step
 * that failed, its error; a step reporting elsewhere than its job names, why.
 */
export function describeStepResult(job: string, step: StepResult): string {
  const where = `${job} / ${step.step}${step.org === undefined ? '' : ` (org ${step.org})`}`;
  const note = step.note === undefined ? '' : ` (${step.note})`;
  if (step.error !== undefined) return `${where}: ${step.status} — ${step.error}${note}`;
  const imported = ImportOutcomeSchema.safeParse(step.summary);
  if (imported.success) {
    const { rows, dry_run: dryRun, report_dir: dir, resumed = 0 } = imported.data;
    const counts = describeRowCounts(rows, resumed);
    const marks = [...(step.status === 'stopped' ? ['stopped'] : []), ...(dryRun ? ['rehearsal'] : [])];
    return `${where}: ${marks.length === 0 ? '' : `${marks.join(', ')} — `}${counts.join(', ') || '0 rows'}; report in ${dir}${note}`;
  }
  const exported = ExportOutcomeSchema.safeParse(step.summary);
  if (exported.success) {
    const { out, rows, failures, errors_file: errors, stopped } = exported.data;
    // As the export command says it: a stopped export leaves its file as it was.
    const failed = failures === 0 ? '' : `; ${failures.toLocaleString('en-US')} failed, see ${errors ?? 'its errors file'}`;
    const written = stopped === undefined ? 'written to' : 'read, not written to';
    return `${where}: ${step.status === 'stopped' ? 'stopped — ' : ''}${countOf(rows, 'row')} ${written} ${out}${failed}${note}`;
  }
  return `${where}: ${step.status}${note}`;
}
