import { UserError } from '../../../user-error.js';
/** A run breaker tripped on the plan: nothing was written. Its message names each breaker with its figures. */
export class BreakerError extends UserError {
  override readonly name = 'BreakerError';
  override readonly exitCode: number = 3;
}
