import { ApiError } from './api-error.js';

/**
 * A 404 to the run's first request from an endpoint that documents none: the path does not exist
 * there, so the base URL is wrong. The whole run stops.
 */
export class WrongBaseUrlError extends ApiError {
  override name = 'WrongBaseUrlError';

  constructor(request: { method: string; path: string }, baseUrl: string) {
    super(
      { kind: 'not-found', method: request.method, path: request.path, status: 404 },
      `Could not ${request.method} ${request.path}: the service answered 404 (not found), which this endpoint never answers. LISTING_API_URL is ${baseUrl}; it usually ends in /v2. Correct it, then run again.`,
    );
  }
}
