import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { PreflightError } from './preflight-error.js';
import { runConformance } from './run-conformance.js';

/** `preflight: true` in a job file: the conformance checks before any step; one that blocks stops the job. */
export async function runPreflight(client: ApiClient, logger: Logger): Promise<void> {
  const { passed, checks, outage } = await runConformance(client, {}, logger);
  // A service out of reach broke no assumption: it stops the job as it would stop its first step.
  if (outage !== undefined) throw outage;
  for (const check of checks.filter((candidate) => candidate.status === 'warning')) logger.warn({ assumption: check.id }, `${check.assumption}: ${check.observed}`);
  if (!passed) throw new PreflightError(checks.filter((check) => check.status === 'blocking'));
  logger.info('preflight passed: nothing blocks the run');
}
