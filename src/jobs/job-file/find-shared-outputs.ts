import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { JobStep } from './job-schema.js';

/**
 * Outputs a job would write twice: two exports to one file, the later replacing the earlier; and
 * steps run once per organization (`org: [12, 14]` or `all`) whose `out` or `report` does not
 * name `{org}`: each run would overwrite the file, or take the report folder, of the one before;
 * and a file or folder written inside an import step's report folder, which the next run there
 * (a resume, a rerun the same day) refuses as holding other files than its report. A step that
 * did not read is undefined.
 */
export function findSharedOutputs(steps: readonly (JobStep | undefined)[]): string[] {
  return [...findOrgRunsSharing(steps), ...findStepsSharing(steps), ...findOutputsInReports(steps)];
}

function findOrgRunsSharing(steps: readonly (JobStep | undefined)[]): string[] {
  return steps.flatMap((step, index) => {
    if (step === undefined) return [];
    const { org } = step;
    if (org === undefined || typeof org === 'number' || (Array.isArray(org) && org.length < 2)) return [];
    const [key, path, clash] = 'import' in step ? ['import.report', step.import.report, 'take the report folder'] : ['export.out', step.export.out, 'overwrite the file'];
    if (path === undefined || path.includes('{org}')) return [];
    return [`steps[${index}].${key}: the step runs once per organization (org: ${Array.isArray(org) ? org.join(', ') : org}), so each run would ${clash} of the one before; put {org} in it, got '${path}'`];
  });
}

function findStepsSharing(steps: readonly (JobStep | undefined)[]): string[] {
  const first = new Map<string, number>();
  return steps.flatMap((step, index) => {
    // A file named by organization differs from step to step when their organizations do.
    if (step === undefined || !('export' in step) || step.export.out.includes('{org}')) return [];
    const earlier = first.get(step.export.out);
    if (earlier === undefined) first.set(step.export.out, index);
    return earlier === undefined ? [] : [`steps[${index}].export.out: the file steps[${earlier}] writes, which this step would overwrite; give each export its own file, got '${step.export.out}'`];
  });
}

function findOutputsInReports(steps: readonly (JobStep | undefined)[]): string[] {
  const reports = steps.flatMap((step, index) => (step !== undefined && 'import' in step && step.import.report !== undefined ? [{ index, dir: step.import.report }] : []));
  return steps.flatMap((step, index) => {
    if (step === undefined) return [];
    const [key, path] = 'import' in step ? ['import.report', step.import.report] : ['export.out', step.export.out];
    if (path === undefined) return [];
    const holder = reports.find((report) => report.index !== index && isInside(path, report.dir));
    if (holder === undefined) return [];
    return [
      `steps[${index}].${key}: inside the report folder of steps[${holder.index}] (${holder.dir}), which may hold its import's report only: the next run there (a resume, or a rerun the same day) would refuse that folder; write it beside the folder instead, got '${path}'`,
    ];
  });
}

/** Placeholders (`{org}`, `{shard}`) are compared as written: a path in a report folder of the same name is in it for every organization and shard. */
function isInside(path: string, dir: string): boolean {
  const inside = relative(resolve(dir), resolve(path));
  return inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}
