import type { ApiRequest } from './api-request.js';

/**
 * What this run has heard from the service so far. Until it has answered at all, a connection that
 * cannot be made is a wrong address, not an outage to wait out; a 404 to the run's first request,
 * where the endpoint documents none, is a wrong base path, not a missing resource; an answer that is
 * no API's is a wrong address only until one has been understood.
 */
export class ServiceContact {
  answered = false;
  /** An answer read as the API's: the address is right, and an answer wrong as a whole after it is the service's fault. */
  understood = false;
  private first: ApiRequest | undefined;

  /** As each attempt leaves: the first one sent is the run's first request, retries included. */
  noteSent(request: ApiRequest): void {
    this.first ??= request;
  }

  isFirst(request: ApiRequest): boolean {
    return this.first === request;
  }
}
