/** A run breaker tripped on the plan: nothing was written. Its message names each breaker with its figures. */
export class BreakerError extends Error {
  override readonly name = 'BreakerError';
}
