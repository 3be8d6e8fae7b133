import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import type { IPodSpec } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';

export const DEPLOY_DIR = fileURLToPath(new URL('../../deploy/', import.meta.url));

export interface Manifest {
  file: string;
  /** Validated against the Kubernetes API schema of its kind. */
  model: CronJob | Job;
  pod: IPodSpec;
}

/** Every document of deploy/*.yaml, as the model of its kind; a kind without one is an error. */
export function readManifests(): Manifest[] {
  return readdirSync(DEPLOY_DIR)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => parseAllDocuments(readFileSync(`${DEPLOY_DIR}${file}`, 'utf8')).map((document) => toManifest(file, document.toJS() as unknown)));
}

function toManifest(file: string, data: unknown): Manifest {
  const { apiVersion, kind } = (data ?? {}) as { apiVersion?: unknown; kind?: unknown };
  if (apiVersion === 'batch/v1' && kind === 'CronJob') {
    const model = new CronJob(data as CronJob);
    return { file, model, pod: model.spec?.jobTemplate.spec?.template.spec ?? { containers: [] } };
  }
  if (apiVersion === 'batch/v1' && kind === 'Job') {
    const model = new Job(data as Job);
    return { file, model, pod: model.spec?.template.spec ?? { containers: [] } };
  }
  throw new Error(`${file}: no schema for ${String(apiVersion)} ${String(kind)}`);
}
