import type { Logger } from 'pino';
import { ApiError } from '../api/api-error.js';
import type { OrgApi } from '../api/org-api.js';
import type { CustomFieldDefinition } from '../api/schemas/custom-fields.js';

/**
 * The custom fields of an organization, which type the businesses' custom_fields columns. They belong
 * to one organization: a PROVIDER key without --org is refused by the API, and gets none (with a warning).
 */
export async function readCustomFieldDefinitions(api: OrgApi, logger: Logger): Promise<CustomFieldDefinition[]> {
  try {
    const { custom_fields: definitions } = await api.readCustomFields();
    logger.info({ customFields: definitions.length }, 'read the custom field definitions');
    return definitions;
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'invalid-request') throw error;
    logger.warn('custom fields not read (a PROVIDER key needs --org): custom_fields.* columns are left out');
    return [];
  }
}
