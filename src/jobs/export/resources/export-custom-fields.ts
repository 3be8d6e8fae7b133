import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { CustomFieldList, PlacedCustomField } from '../../../api/schemas/custom-fields/custom-field-list.js';
import type { ReadItems } from '../../../api/schemas/reading/read-each.js';
import { CustomFieldSectionsSchema } from '../../../api/schemas/custom-fields/custom-field-sections.js';
import { buildCustomFieldOrderCatalog } from '../../../resources/custom-field-order/custom-field-order-catalog.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { createOnePageSource, exportList } from '../run/export-list.js';

type PlacedField = PlacedCustomField & { section_order?: number };

/**
 * `custom-fields`: one row per definition, in the columns of the custom-field-order import (id,
 * order, section_id, section_order, then name, type and section name, read-only), in a sheet of
 * that name: change the orders or sections and import the file with `custom-field-order`. Each row
 * carries `_base`, so that the import sends what the file changed, not what it still shows.
 */
export function exportCustomFields(client: ApiClient, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  return exportList<PlacedField>(client, options, logger, {
    resource: 'custom-fields',
    sheet: 'custom-field-order',
    columns: buildCustomFieldOrderCatalog().columns,
    createSource: (api) => createOnePageSource('GET /custom_fields', 'custom field', async () => placeFields(await api.readCustomFields())),
    readIdentity: (field) => field.id,
    name: (field) => `custom field ${field.id}`,
    baseId: (field) => String(field.id),
  });
}

function placeFields(list: CustomFieldList): ReadItems<PlacedField> {
  // Not in the spec's shape: the service may add its sections, which give a field's section order.
  const parsed = CustomFieldSectionsSchema.safeParse(list);
  const sectionOrder = new Map(parsed.success ? parsed.data.sections.map((section) => [section.id, section.order]) : []);
  const items = list.custom_fields.map((field) => {
    const order = field.section_id == null ? undefined : sectionOrder.get(field.section_id);
    return order === undefined ? field : { ...field, section_order: order };
  });
  return { items, unreadable: list.unreadable };
}
