import { ERROR_TEXT } from '../../api/facts/service-facts.js';
import type { EmulatorResponse } from './http-types.js';

/** Builders for the bodies of the spec's error table, so every route answers alike. */
export const ok = (body: unknown, status = 200): EmulatorResponse => ({ status, body });

export const invalidBody = (details: unknown): EmulatorResponse => ({ status: 400, body: { errors: { json: details } } });

export const notAuthenticated = (): EmulatorResponse => ({
  status: 401,
  body: { errors: { authentication: ERROR_TEXT.authentication } },
});

export const notAuthorized = (): EmulatorResponse => ({
  status: 403,
  body: { errors: { authorization: ERROR_TEXT.authorization } },
});

export const fieldsNotAllowed = (fields: readonly string[]): EmulatorResponse => ({
  status: 403,
  body: { errors: { authorization: Object.fromEntries(fields.map((field) => [field, ERROR_TEXT.editNotAllowed])) } },
});

export const notFound = (): EmulatorResponse => ({ status: 404, body: { errors: { json: ERROR_TEXT.notFound } } });

/** The feedback endpoints' 404, `detail` saying what was not found (by default a form). */
export const feedbackNotFound = (detail: string = ERROR_TEXT.formNotFound): EmulatorResponse => ({ status: 404, body: { detail } });

export interface FeedbackValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}
export const feedbackInvalid = (issues: FeedbackValidationIssue[]): EmulatorResponse => ({
  status: 400,
  body: { detail: issues },
});

export const tooManyRequests = (retryAfterS: number): EmulatorResponse => ({
  status: 429,
  headers: { 'retry-after': String(retryAfterS) },
  body: { errors: { rate_limit: `Too many requests for this organization. Retry in ${retryAfterS} s.` } },
});

export const redirected = (location: string): EmulatorResponse => ({ status: 302, headers: { location }, body: { message: `Moved to ${location}` } });
