import { ApiError } from './api-error.js';

/**
 * An answer that an organization named with `org_id` is not there, or not the key's (400, 403,
 * 404): it says nothing of the other organizations, and the same every time it is asked.
 */
export function isRefusedOrganization(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'not-authorized' || error.kind === 'invalid-request');
}
