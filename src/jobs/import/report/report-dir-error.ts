import { UserError } from '../../../user-error.js';

/** A report directory this run may not write into: refused before anything is read or sent. */
export class ReportDirError extends UserError {
  override name = 'ReportDirError';

  constructor(dir: string, reason: string, advice: string, options?: ErrorOptions) {
    super(`Could not use ${dir}: ${reason}. ${advice}`, options);
  }
}
