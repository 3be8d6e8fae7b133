import { ApiError } from '../../../api/errors/api-error.js';
import { describeErrorDetails } from '../../../api/errors/error-details.js';

/**
 * A 400's field messages by their top-level key (a list index, an attribute id), flattened to
 * `path: message` below that key; undefined for any other error.
 */
export function splitFieldErrors(error: unknown): Map<string, string[]> | undefined {
  if (!(error instanceof ApiError) || error.details.shape !== 'fields') return undefined;
  return new Map(
    Object.entries(error.details.fields).map(([key, value]) => [
      key,
      typeof value === 'string' ? [value] : Array.isArray(value) ? value : describeErrorDetails({ shape: 'fields', fields: value }),
    ]),
  );
}
