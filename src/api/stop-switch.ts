import { setMaxListeners } from 'node:events';
import { AbortedError, ApiError } from './api-error.js';

/**
 * Stops a client: the job's AbortSignal or a 401 turns it off, and every queue
 * and wait listens to `signal` (requests already sent keep their answer).
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

  /** The error a call ends with: an aborted sleep or queue says only "aborted", so it becomes the reason of the stop. */
  explain(error: unknown): unknown {
    return this.signal.aborted && !(error instanceof ApiError) ? this.signal.reason : error;
  }
}
