import type { Logger } from 'pino';
import { ApiError } from '../api/errors/api-error.js';
import type { OrgApi } from '../api/org-api.js';
import { isRawCustomField, type CustomFieldReading } from '../api/schemas/custom-fields/custom-field-reading.js';
import { CustomFieldDefinitionSchema } from '../api/schemas/custom-fields/custom-fields.js';
import { describeUnreadable, REPORT_INPUT } from '../api/schemas/reading/describe-issues.js';
import type { UnreadableItem } from '../api/schemas/reading/read-each.js';

/**
 * The custom fields of an organization, which type the businesses' custom_fields columns. They belong
 * to one organization: a PROVIDER key without --org is refused by the API, and gets none (with a warning).
 * A definition this client cannot type is raw: its column holds JSON text, read-only (one warning each).
 */
export async function readCustomFieldDefinitions(api: OrgApi, logger: Logger): Promise<CustomFieldReading[]> {
  const fields = await tryReadCustomFieldDefinitions(api, logger);
  if (fields !== undefined) return fields;
  logger.warn('custom fields not read (a PROVIDER key needs --org): custom_fields.* columns are left out');
  return [];
}

/** The same, or undefined when the API refuses to name the organization for the key (a PROVIDER key without --org). */
export async function tryReadCustomFieldDefinitions(api: OrgApi, logger: Logger): Promise<CustomFieldReading[] | undefined> {
  try {
    const list = await api.readCustomFields();
    const fields = [...list.custom_fields.map(typeDefinition), ...list.unreadable.flatMap(toRawField)];
    for (const field of fields) {
      if (isRawCustomField(field)) logger.warn({ customField: field.name, problem: field.problem }, `custom field '${field.name}' cannot be typed (${field.problem}): exported as JSON text, and its cells are ignored on import`);
    }
    for (const { id, problem } of list.unreadable.filter((item) => toRawField(item).length === 0)) {
      logger.warn({ customField: id, problem }, 'a custom field definition without a name is left out');
    }
    logger.info({ customFields: fields.length }, 'read the custom field definitions');
    return fields;
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'invalid-request') throw error;
    return undefined;
  }
}

function typeDefinition(placed: Readonly<Record<string, unknown>> & { name: string }): CustomFieldReading {
  const parsed = CustomFieldDefinitionSchema.safeParse(placed, REPORT_INPUT);
  if (parsed.success) return parsed.data;
  return { kind: 'raw', name: placed.name, problem: describeUnreadable(parsed.error.issues) };
}

/** A definition without even an id or an order still has its values under its name. */
function toRawField({ raw, problem }: UnreadableItem): CustomFieldReading[] {
  const name = typeof raw === 'object' && raw !== null && 'name' in raw ? raw.name : undefined;
  return typeof name === 'string' ? [{ kind: 'raw', name, problem }] : [];
}
