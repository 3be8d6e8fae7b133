import { setMaxListeners } from 'node:events';
import { AbortedError, ApiError } from '../errors/api-error.js';

/**
 * Stops a client: the job's AbortSignal, a 401 or closing the client turns it
 * off, and every queue and wait listens to `signal`. A read in flight is
 * dropped then (nobody is left to use its answer, and a server that never
 * answers would hold the stop for the whole timeout); a write sent keeps its
 * answer, which tells whether it was applied.
 */
export class StopSwitch {
  private readonly controller = new AbortController();
  readonly signal = this.controller.signal;

  constructor(jobSignal: AbortSignal | undefined) {
    // Every queued call listens to the signal: thousands of listeners are expected, not a leak.
    setMaxListeners(0, this.signal);
    if (jobSignal === undefined) return;
    const abort = (): void => {
      this.stop(new AbortedError());
    };
    if (jobSignal.aborted) abort();
    else jobSignal.addEventListener('abort', abort, { once: true });
  }

  /** Every call not sent yet rejects with `reason`. */
  stop(reason: AbortedError): void {
    if (!this.signal.aborted) this.controller.abort(reason);
  }

  close(): void {
    this.stop(new AbortedError());
  }

  /** The error a call ends with: an aborted sleep or queue says only "aborted", so it becomes the reason of the stop. */
  explain(error: unknown): unknown {
    return this.signal.aborted && !(error instanceof ApiError) ? this.signal.reason : error;
  }
}
