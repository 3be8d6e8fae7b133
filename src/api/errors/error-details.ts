import {
  FeedbackErrorBodySchema,
  ServiceErrorBodySchema,
  type FeedbackIssue,
  type FieldMessages,
} from '../schemas/error-bodies.js';

/** What an error body says, whichever of the service's shapes it came in. */
export type ErrorDetails =
  | { shape: 'fields'; fields: FieldMessages }
  | { shape: 'not-allowed'; fields: Record<string, string> }
  | { shape: 'issues'; issues: FeedbackIssue[] }
  | { shape: 'message'; message: string }
  | { shape: 'none' };

/** Key the service uses for messages about the body as a whole rather than one field. */
const BODY_KEY = '_schema';

export function readErrorDetails(body: unknown): ErrorDetails {
  const feedback = FeedbackErrorBodySchema.safeParse(body);
  if (feedback.success) {
    const { detail } = feedback.data;
    return typeof detail === 'string' ? { shape: 'message', message: detail } : { shape: 'issues', issues: detail };
  }
  const service = ServiceErrorBodySchema.safeParse(body);
  if (!service.success) return { shape: 'none' };
  const { json, authorization, ...others } = service.data.errors;
  if (json !== undefined) return typeof json === 'string' ? { shape: 'message', message: json } : { shape: 'fields', fields: json };
  if (authorization !== undefined) {
    return typeof authorization === 'string' ? { shape: 'message', message: authorization } : { shape: 'not-allowed', fields: authorization };
  }
  const message = Object.values(others).find((value): value is string => typeof value === 'string');
  return message === undefined ? { shape: 'none' } : { shape: 'message', message };
}

/** Flattens details to `field.path: message` lines, the form reports show. */
export function describeErrorDetails(details: ErrorDetails): string[] {
  switch (details.shape) {
    case 'fields':
      return describeFields(details.fields, []);
    case 'not-allowed':
      return Object.entries(details.fields).map(([field, code]) => `${field}: ${code}`);
    case 'issues':
      return details.issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`);
    case 'message':
      return [details.message];
    case 'none':
      return [];
  }
}

function describeFields(fields: FieldMessages, path: readonly string[]): string[] {
  return Object.entries(fields).flatMap(([key, value]) => {
    const at = key === BODY_KEY ? path : [...path, key];
    if (typeof value === 'object' && !Array.isArray(value)) return describeFields(value, at);
    const messages = typeof value === 'string' ? [value] : value;
    return messages.map((message) => (at.length === 0 ? message : `${at.join('.')}: ${message}`));
  });
}
