import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { JobStep } from './job-schema.js';

/**
 * The files a job reads and writes that lie outside the working directory, as `path: why`: a job
 * file must not reach `../../etc` or someone's home. Import sources and reports and export files
 * count; `api.key_file` names a secret the platform mounts (often under /run/secrets), and its own
 * checks apply to it. `passOver` names settings already reported (`steps.0.import.source`); a
 * step that did not read is undefined.
 */
export function findEscapingPaths(steps: readonly (JobStep | undefined)[], cwd: string, passOver: (setting: string) => boolean): string[] {
  return steps.flatMap((step, index) => {
    if (step === undefined) return [];
    const files = 'import' in step ? { 'import.source': step.import.source, 'import.report': step.import.report } : { 'export.out': step.export.out };
    return Object.entries(files).flatMap(([key, path]) =>
      path !== undefined && !passOver(`steps.${index}.${key}`) && leavesDirectory(path, cwd) ? [`steps[${index}].${key}: must stay under the working directory (${cwd}), got '${path}'`] : [],
    );
  });
}

function leavesDirectory(path: string, cwd: string): boolean {
  const inside = relative(cwd, resolve(cwd, path));
  return inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside);
}
