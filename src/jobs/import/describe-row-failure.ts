import { ApiError } from '../../api/errors/api-error.js';
import { InvalidIdError } from '../../api/transport/api-request.js';
import { describeErrorDetails } from '../../api/errors/error-details.js';
import { LockedFieldError } from './businesses/locked-field-error.js';

export interface RowFailure {
  /** `invalid` when the row could not be sent at all (an id that would leave its path). */
  status: 'failed' | 'invalid';
  httpStatus: number | undefined;
  /** `column: message` entries. */
  errors: string[];
}

const NOT_ALLOWED_HINT = 'not allowed for this organization or key (edit_not_allowed)';
const READ_BACK_HINT = "the business's current value, sent back with the fields the row changes since nested fields go whole; give this column a value the service takes";

/** Whether a field path of the request holds a value the row did not give: a part of a nested field sent back as read. */
export type ReadBack = (path: string) => boolean;

/**
 * Maps an API error back to the sheet: a field path of the service (`contacts.0.phone_numbers.0`)
 * names the column that holds it (`contacts.0.phone_numbers`); a 404 names the identity column.
 */
export function describeRowFailure(error: unknown, columns: readonly string[], identityColumn: string, readBack?: ReadBack): RowFailure {
  if (error instanceof InvalidIdError) return { status: 'invalid', httpStatus: undefined, errors: [`${identityColumn}: ${error.message}`] };
  if (error instanceof LockedFieldError) return { status: 'failed', httpStatus: error.httpStatus, errors: error.errors.map((line) => toColumn(line, columns)) };
  if (!(error instanceof ApiError)) return { status: 'failed', httpStatus: undefined, errors: [error instanceof Error ? error.message : String(error)] };
  if (error.kind === 'not-found') {
    return { status: 'failed', httpStatus: error.status, errors: [`${identityColumn}: not found, or not readable with this key`] };
  }
  // Only a refusal that names fields is told per column; a failing service, a timeout, a lost connection or a refusal
  // of the request as a whole (a read-only key's `Operation not allowed`) is told whole, with what to do.
  const namesFields = error.details.shape === 'fields' || error.details.shape === 'not-allowed' || error.details.shape === 'issues';
  if ((error.kind !== 'invalid-request' && error.kind !== 'not-authorized') || !namesFields) return { status: 'failed', httpStatus: error.status, errors: [error.message] };
  const lines =
    error.details.shape === 'not-allowed'
      ? Object.keys(error.details.fields).map((field) => `${field}: ${NOT_ALLOWED_HINT}`)
      : describeErrorDetails(error.details);
  const errors = lines.length === 0 ? [error.message] : lines.map((line) => toColumn(line, columns, readBack));
  return { status: 'failed', httpStatus: error.status, errors };
}

/** `path: message` told under the column that holds the path; a value the row did not give says so. */
function toColumn(line: string, columns: readonly string[], readBack?: ReadBack): string {
  const split = line.indexOf(': ');
  if (split < 0) return line;
  const path = line.slice(0, split);
  const column = columns
    .filter((candidate) => path === candidate || path.startsWith(`${candidate}.`))
    .sort((a, b) => b.length - a.length)[0];
  const told = column === undefined || column === path ? line : `${column}: ${line.slice(split + 2)} (at ${path})`;
  return readBack?.(path) === true ? `${told} (${READ_BACK_HINT})` : told;
}
