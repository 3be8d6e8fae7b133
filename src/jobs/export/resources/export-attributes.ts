import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { BusinessAttribute } from '../../../api/schemas/attributes.js';
import { buildAttributeCatalog } from '../../../resources/attributes/attribute-catalog.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { exportPerBusiness } from '../run/export-per-business.js';

/**
 * `attributes`: one row per attribute a business has set, the columns of the attributes import.
 * Unset attributes (null) have nothing to export; REPEATABLE_URL ones are left out because the
 * service no longer takes them (place action links replace them), so a row could not import back.
 */
export function exportAttributes(client: ApiClient, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  return exportPerBusiness(client, options, logger, {
    resource: 'attributes',
    columns: buildAttributeCatalog().columns,
    describe: (businessId) => `GET /business/${businessId}/attributes`,
    noun: 'attribute',
    read: async (api, businessId) => {
      const { items, unreadable } = (await api.readAttributes(businessId)).attributes;
      return { items: items.filter((attribute) => attribute.value !== null && attribute.type !== 'REPEATABLE_URL'), unreadable };
    },
    readValue: (attribute, column) => flattenAttribute(attribute)[column.header],
    idOf: (attribute) => attribute.geo_id,
  });
}

/** A REPEATABLE_ENUM's selection goes to `value.set_values` and `value.unset_values`; other values to `value`. */
function flattenAttribute(attribute: BusinessAttribute): Record<string, unknown> {
  const { geo_id: geoId, type, value } = attribute;
  if (type === 'REPEATABLE_ENUM') {
    return { geo_id: geoId, type, 'value.set_values': value?.set_values, 'value.unset_values': value?.unset_values };
  }
  return { geo_id: geoId, type, value };
}
