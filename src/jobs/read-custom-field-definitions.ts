import type { Logger } from 'pino';
import type { ApiClient } from '../api/api-client.js';
import type { CustomFieldDefinition } from '../api/schemas/custom-fields.js';

/** The custom fields of an organization (the caller's own when omitted), which type the businesses' custom_fields columns. */
export async function readCustomFieldDefinitions(client: ApiClient, orgId: number | undefined, logger: Logger): Promise<CustomFieldDefinition[]> {
  const { custom_fields: definitions } = await client.org(orgId).readCustomFields();
  logger.info({ customFields: definitions.length }, 'read the custom field definitions');
  return definitions;
}
