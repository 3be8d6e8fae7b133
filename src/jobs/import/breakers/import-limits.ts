import { z } from 'zod';
import { CONFLICT_POLICIES, type ImportOptions } from '../import-options.js';
import type { ImportResource } from '../import-sheet.js';
import { LimitSchema, type RunBreakers } from './run-breakers.js';

/** An import's limits and conflict policy, named as in a job file (the command line's flags with dashes). */
export const ImportLimitsSchema = z.object({
  max_errors: LimitSchema.optional(),
  max_changes: LimitSchema.optional(),
  max_status_changes: LimitSchema.optional(),
  on_conflict: z.enum(CONFLICT_POLICIES).optional(),
});
export type ImportLimits = z.infer<typeof ImportLimitsSchema>;

/** Shaped as a Zod issue: the job file and the command line report it with the schema's own. */
export interface LimitProblem {
  path: [keyof ImportLimits];
  message: string;
}

// Breakers need a plan of the whole file: the business import has one.
const BUSINESSES_ONLY = ['max_changes', 'max_status_changes'] as const;
// Conflicts need a `_base`: the exports of businesses and of custom fields write one.
const MERGED: readonly ImportResource[] = ['businesses', 'custom-field-order'];

/** Limits the resource's import cannot apply. */
export function listLimitProblems(resource: ImportResource, limits: ImportLimits): LimitProblem[] {
  if (resource === 'businesses') return [];
  const problems: LimitProblem[] = BUSINESSES_ONLY.filter((name) => limits[name] !== undefined).map((name) => ({ path: [name], message: 'applies to businesses only' }));
  if (limits.on_conflict !== undefined && !MERGED.includes(resource)) problems.push({ path: ['on_conflict'], message: 'applies to businesses and custom-field order only' });
  if (limits.max_errors !== undefined && 'percent' in limits.max_errors) {
    problems.push({ path: ['max_errors'], message: 'a percentage applies to businesses only (it needs a plan of the whole file); give a number of rows' });
  }
  return problems;
}

/**
 * The options the limits stand for. Businesses check every limit on a plan before the first write,
 * and stop sending once max_errors rows failed; other imports only stop sending.
 */
export function toLimitOptions(resource: ImportResource, limits: ImportLimits): Pick<ImportOptions, 'maxErrors' | 'breakers' | 'onConflict'> {
  const { max_errors: maxErrors, max_changes: maxChanges, max_status_changes: maxStatusChanges, on_conflict: onConflict } = limits;
  if (resource !== 'businesses') {
    return { ...(maxErrors !== undefined && 'rows' in maxErrors ? { maxErrors: maxErrors.rows } : {}), ...(onConflict === undefined ? {} : { onConflict }) };
  }
  const breakers: RunBreakers = {
    ...(maxChanges === undefined ? {} : { maxChanges }),
    ...(maxStatusChanges === undefined ? {} : { maxStatusChanges }),
    ...(maxErrors === undefined ? {} : { maxErrors }),
  };
  return {
    ...(Object.keys(breakers).length === 0 ? {} : { breakers }),
    ...(onConflict === undefined ? {} : { onConflict }),
  };
}
