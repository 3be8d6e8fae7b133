import { setMaxListeners } from 'node:events';
import { AbortedError, ApiError } from '../errors/api-error.js';

/**
 * Stops a client: the job's AbortSignal or a 401 turns it off, and every queue
 * and wait listens to `signal` (requests already sent keep their answer).
 * Closing the client stops it too, and drops the reads in flight: nobody is
 * left to use their answers.
 */
export class StopSwitch {
  private readonly controller = new AbortController();
  private readonly closer = new AbortController();
  readonly signal = this.controller.signal;
  readonly closed = this.closer.signal;

  constructor(jobSignal: AbortSignal | undefined) {
    // Every queued call listens to the signal: thousands of listeners are expected, not a leak.
    setMaxListeners(0, this.signal, this.closed);
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
    this.closer.abort(this.signal.reason);
  }

  /** The error a call ends with: an aborted sleep or queue says only "aborted", so it becomes the reason of the stop. */
  explain(error: unknown): unknown {
    return this.signal.aborted && !(error instanceof ApiError) ? this.signal.reason : error;
  }
}
