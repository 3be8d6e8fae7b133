import { z } from 'zod';

/** A number of rows, or a percentage of the rows of the file. */
export type Limit = { rows: number } | { percent: number };

/** Limits checked on a plan of the whole file before the first write (businesses only). */
export interface RunBreakers {
  /** Rows that would be written. */
  maxChanges?: Limit;
  /** Businesses whose `status` would change (closing stores). */
  maxStatusChanges?: Limit;
  /** Rows invalid, failed or in conflict. */
  maxErrors?: Limit;
}

/** What a plan comes to, as the breakers count it. */
export interface PlanFigures {
  rows: number;
  changes: number;
  statusChanges: number;
  errors: number;
}

const LIMIT_PATTERN = /^\d+$|^\d+(\.\d+)?%$/;

/** `N` or `P%`, as a command line (text) or a job file (a number or text) gives it. */
export const LimitSchema = z
  .union([z.int().nonnegative(), z.string().trim().regex(LIMIT_PATTERN, 'must be a number of rows N or a percentage P% (30%)')])
  .transform((value): Limit => (typeof value === 'string' && value.endsWith('%') ? { percent: Number(value.slice(0, -1)) } : { rows: Number(value) }))
  .refine((limit) => !('percent' in limit) || limit.percent <= 100, 'must be a percentage of at most 100%');

/** The most rows a limit allows in a file of `total` rows. */
export function resolveLimit(limit: Limit, total: number): number {
  return 'rows' in limit ? limit.rows : Math.floor((total * limit.percent) / 100);
}

/** A breaker over its limit, and the report file of the plan that lists the rows behind it. */
export interface TrippedBreaker {
  message: string;
  rowsIn: 'plan' | 'errors';
}

/** The breakers a plan trips, each with its figures; none when the run may write. */
export function listTrippedBreakers(breakers: RunBreakers, figures: PlanFigures): TrippedBreaker[] {
  const checks = [
    { flag: '--max-changes', limit: breakers.maxChanges, count: figures.changes, what: 'rows would be written', rowsIn: 'plan' },
    { flag: '--max-status-changes', limit: breakers.maxStatusChanges, count: figures.statusChanges, what: 'businesses would change status', rowsIn: 'plan' },
    { flag: '--max-errors', limit: breakers.maxErrors, count: figures.errors, what: 'rows are invalid, failed or in conflict', rowsIn: 'errors' },
  ] as const;
  return checks.flatMap(({ flag, limit, count, what, rowsIn }) => {
    if (limit === undefined) return [];
    const most = resolveLimit(limit, figures.rows);
    const given = 'rows' in limit ? String(limit.rows) : `${limit.percent}%`;
    return count > most ? [{ message: `${flag} ${given}: ${count} of ${figures.rows} ${what}, more than ${most}`, rowsIn }] : [];
  });
}
