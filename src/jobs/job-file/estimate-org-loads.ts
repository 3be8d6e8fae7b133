import { isRefusedOrganization } from '../../api/errors/is-refused-organization.js';
import type { ImportSheetChoice } from '../import/sheet/open-import-sheet.js';
import { toRenameColumns } from '../import/rename-columns.js';
import type { ExportResource } from '../export/export-resource-names.js';
import type { RowOrg } from '../import/read-row-org.js';
import type { Job, JobStep } from './job-schema.js';
import type { OrgLoad } from './shard.js';

/** What the estimate needs from outside: a cheap row count of a sheet, its rows per organization, and how many businesses an organization has. */
export interface LoadCounters {
  /** A cheap count of the rows of the sheet the step imports. */
  countRows(path: string, wanted: { sheet?: string; resource: string }): Promise<number>;
  /** A business sheet's rows per `org_id` (`own` when empty); undefined when it has no such column. */
  countRowOrgs(path: string, choice: ImportSheetChoice): Promise<Map<RowOrg, number> | undefined>;
  /** The key's own organization when org is undefined. */
  countBusinesses(org: number | undefined): Promise<number>;
}

export interface OrgLoadEstimate {
  loads: OrgLoad[];
  /** Import steps split by the organization of each row, by index: the organizations their sheet has rows of. */
  splitSheets: Map<number, ReadonlySet<RowOrg>>;
}

const PAGE = 100;
/** Exports that cost a request per business; the others list pages of 100, or one page. */
const PER_BUSINESS: ReadonlySet<ExportResource> = new Set(['services', 'attributes']);
const PAGED: ReadonlySet<ExportResource> = new Set(['businesses', 'feedback']);

/**
 * The requests each organization's steps will send, estimated: an import row may be a write, an
 * export costs its pages (or a request per business). A business sheet without `org` weighs on the
 * organization of each row, and is split. A file that cannot be counted, or an organization the
 * service refuses to count, weighs nothing: its step reports the problem when it runs.
 */
export async function estimateOrgLoads(job: Job, counters: LoadCounters, reachable: readonly number[]): Promise<OrgLoadEstimate> {
  const loads = new Map<RowOrg, number>();
  const add = (org: RowOrg, requests: number): void => {
    loads.set(org, (loads.get(org) ?? 0) + requests);
  };
  const splitSheets = new Map<number, ReadonlySet<RowOrg>>();
  for (const [index, step] of job.steps.entries()) {
    const rowOrgs = await countSplitSheet(step, counters);
    if (rowOrgs !== undefined && rowOrgs.size > 0) {
      for (const [org, rows] of rowOrgs) add(org, rows);
      splitSheets.set(index, new Set(rowOrgs.keys()));
      continue;
    }
    for (const org of listStepOrgs(step, reachable)) add(org ?? 'own', await estimateStep(step, org, counters));
  }
  return { loads: [...loads].map(([org, requests]) => ({ org, requests })), splitSheets };
}

/** A business sheet imported without `org`: its rows per organization, when it has an `org_id` column and can be read. */
function countSplitSheet(step: JobStep, counters: LoadCounters): Promise<Map<RowOrg, number> | undefined> {
  if (!('import' in step) || step.import.resource !== 'businesses' || step.org !== undefined) return Promise.resolve(undefined);
  return counters.countRowOrgs(withOrg(step.import.source, undefined), { sheet: step.import.sheet, renameColumns: toRenameColumns(step.import.rename_columns) }).catch(() => undefined);
}

async function estimateStep(step: JobStep, org: number | undefined, counters: LoadCounters): Promise<number> {
  if ('import' in step) {
    const { source, sheet, resource } = step.import;
    return counters.countRows(withOrg(source, org), { resource, ...(sheet === undefined ? {} : { sheet }) }).catch(() => 0);
  }
  const { resource } = step.export;
  if (!PER_BUSINESS.has(resource) && !PAGED.has(resource)) return 1;
  const businesses = await counters.countBusinesses(org).catch((error: unknown) => {
    // Its step fails where it runs, as without shards; the other organizations are still planned.
    if (isRefusedOrganization(error)) return 0;
    throw error;
  });
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
