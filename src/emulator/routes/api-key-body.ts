import { z } from 'zod';
import { isIpOrCidr } from '../pipeline/authenticate.js';
import { PERMISSIONS } from '../pipeline/permissions.js';
import { utcDate } from '../timestamps.js';
import { addMessage, toValidationDetails, type ValidationDetails } from '../pipeline/validation-details.js';

const DAY_MS = 86_400_000;
const COUPLED_FIELDS = [
  ['permissions', 'has_restricted_permissions'],
  ['has_restricted_permissions', 'permissions'],
] as const;

function buildApiKeySchema(tomorrow: string) {
  return z.strictObject({
    label: z.string().optional(),
    description: z.string().optional(),
    expiration_date: z.iso
      .date({ error: 'must be a date yyyy-mm-dd', abort: true })
      .refine((date) => date >= tomorrow, `must be at least the day after today (${tomorrow} or later); revoke the key to end it today`)
      .nullable()
      .optional(),
    ip_whitelist: z.array(z.string().refine(isIpOrCidr, 'must be an IP address or a CIDR network')).optional(),
    has_restricted_permissions: z.boolean().optional(),
    permissions: z.array(z.enum(PERMISSIONS, { error: 'unknown permission name (see GET /permissions)' })).optional(),
    // Not in the spec's body: the emulator's way to revoke a key, on update only.
    disabled: z.boolean().optional(),
  });
}
export type ApiKeyBody = z.infer<ReturnType<typeof buildApiKeySchema>>;

export type ApiKeyBodyResult = { success: true; data: ApiKeyBody } | { success: false; details: ValidationDetails };

/** Validates a `POST /api_keys` or `PUT /api_keys/{id}` body; "today" is the UTC date of `nowMs`. */
export function parseApiKeyBody(raw: unknown, nowMs: number, mode: 'create' | 'update'): ApiKeyBodyResult {
  const schema = buildApiKeySchema(utcDate(nowMs + DAY_MS));
  const parsed = (mode === 'create' ? schema.omit({ disabled: true }) : schema).safeParse(raw);
  const details: ValidationDetails = parsed.success ? {} : toValidationDetails(parsed.error.issues);
  if (typeof raw === 'object' && raw !== null) {
    for (const [sent, required] of COUPLED_FIELDS) {
      if (sent in raw && !(required in raw)) addMessage(details, [required], `Missing data for required field when ${sent} is sent.`);
    }
  }
  if (!parsed.success || Object.keys(details).length > 0) return { success: false, details };
  return { success: true, data: parsed.data };
}
