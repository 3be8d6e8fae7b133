import { UserError } from '../../user-error.js';
import type { ConformanceCheck } from './conformance-check.js';

/** A job with `preflight: true` whose service breaks an assumption that would block it: no step runs (exit 1). */
export class PreflightError extends UserError {
  override name = 'PreflightError';

  constructor(readonly blocking: readonly ConformanceCheck[]) {
    super(
      `Could not start the job: the preflight found ${blocking.length === 1 ? 'an assumption' : `${blocking.length} assumptions`} of the client broken: ${blocking
        .map((check) => `${check.assumption}: ${check.observed}`)
        .join('; ')}. No step was run: run listing-bulk conformance for the whole table.`,
    );
  }
}
