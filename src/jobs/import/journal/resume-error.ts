import { UserError } from '../../../user-error.js';
/** A report directory whose journal cannot be resumed: a job-level refusal, before any request. */
export class ResumeError extends UserError {
  override name = 'ResumeError';

  constructor(dir: string, reason: string) {
    super(`Could not resume the import in ${dir}: ${reason}. Run with --restart to start over, or use another --report directory.`);
  }
}
