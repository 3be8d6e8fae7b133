import { ApiError } from './api-error.js';

/**
 * An answer that contradicts its request: an item outside the filter asked, a page other than the
 * one asked, the same items for another page number. Every answer of the kind is then suspect, so
 * the whole run stops (exit 1) rather than report rows not found or write wrong ones.
 */
export class IgnoredRequestError extends ApiError {
  override name = 'IgnoredRequestError';

  constructor(request: { method: string; path: string }, what: string) {
    super(
      { kind: 'bad-response', method: request.method, path: request.path, status: 200 },
      `Could not ${request.method} ${request.path}: ${what}. The service does not answer as documented, so nothing more is read or sent: report this message to the service's support.`,
    );
  }
}
