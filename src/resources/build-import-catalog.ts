import type { CustomFieldReading } from '../api/schemas/custom-fields/custom-field-reading.js';
import { buildAttributeCatalog } from './attributes/attribute-catalog.js';
import { buildBusinessCatalog } from './businesses/business-catalog.js';
import { buildCustomFieldOrderCatalog } from './custom-field-order/custom-field-order-catalog.js';
import type { ImportCatalog } from './resource-catalog.js';
import type { ImportResourceName } from './resource-names.js';
import { buildServiceCatalog } from './services/service-catalog.js';

/**
 * The catalog of a resource a sheet can change; custom field definitions type the businesses'
 * custom_fields columns. A patch reads nothing to complete a row with (an attribute's type); in
 * diff mode a business cell still as its `_base` recorded it is no change, and is not read.
 */
export function buildImportCatalog(resource: ImportResourceName, customFields: readonly CustomFieldReading[], { patch = false }: { patch?: boolean } = {}): ImportCatalog<unknown, unknown> {
  switch (resource) {
    case 'businesses':
      return buildBusinessCatalog(customFields, [], { skipCellsAsExported: !patch });
    case 'services':
      return buildServiceCatalog();
    case 'attributes':
      return buildAttributeCatalog({ typeRequired: patch });
    case 'custom-field-order':
      return buildCustomFieldOrderCatalog();
  }
}
