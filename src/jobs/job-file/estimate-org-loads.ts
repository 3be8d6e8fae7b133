import type { ExportResource } from '../export/export-resource-names.js';
import type { Job, JobStep } from './job-schema.js';
import type { OrgLoad } from './shard.js';

/** What the estimate needs from outside: a cheap row count of a sheet, and how many businesses an organization has. */
export interface LoadCounters {
  countRows(path: string): Promise<number>;
  /** The key's own organization when org is undefined. */
  countBusinesses(org: number | undefined): Promise<number>;
}

const PAGE = 100;
/** Exports that cost a request per business; the others list pages of 100, or one page. */
const PER_BUSINESS: ReadonlySet<ExportResource> = new Set(['services', 'attributes']);
const PAGED: ReadonlySet<ExportResource> = new Set(['businesses', 'feedback']);

/**
 * The requests each organization's steps will send, estimated: an import row may be a write, an
 * export costs its pages (or a request per business). A file that cannot be counted weighs nothing:
 * its step reports the problem when it runs.
 */
export async function estimateOrgLoads(job: Job, counters: LoadCounters, reachable: readonly number[]): Promise<OrgLoad[]> {
  const loads = new Map<number | 'own', number>();
  for (const step of job.steps) {
    for (const org of listStepOrgs(step, reachable)) {
      const requests = await estimateStep(step, org, counters);
      const key = org ?? 'own';
      loads.set(key, (loads.get(key) ?? 0) + requests);
    }
  }
  return [...loads].map(([org, requests]) => ({ org, requests }));
}

async function estimateStep(step: JobStep, org: number | undefined, counters: LoadCounters): Promise<number> {
  if ('import' in step) return counters.countRows(withOrg(step.import.source, org)).catch(() => 0);
  const { resource } = step.export;
  if (!PER_BUSINESS.has(resource) && !PAGED.has(resource)) return 1;
  const businesses = await counters.countBusinesses(org);
  return PER_BUSINESS.has(resource) ? businesses + Math.ceil(businesses / PAGE) : Math.max(1, Math.ceil(businesses / PAGE));
}

/** The organizations a step runs for: one run per listed org (`all`: each the key reaches), or one for the key's own. */
export function listStepOrgs(step: JobStep, reachable: readonly number[]): (number | undefined)[] {
  if (step.org === undefined) return [undefined];
  if (step.org === 'all') return [...reachable];
  return Array.isArray(step.org) ? step.org : [step.org];
}

/** `{org}` in a step's paths: the organization, or `own`. */
export function withOrg(text: string, org: number | undefined): string {
  return text.replaceAll('{org}', org === undefined ? 'own' : String(org));
}
