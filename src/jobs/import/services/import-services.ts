import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { ServiceItem, Services, ServiceSetting } from '../../../api/schemas/services.js';
import type { ReadItems } from '../../../api/schemas/reading/read-each.js';
import { buildServiceCatalog, type ServiceRow } from '../../../resources/services/service-catalog.js';
import type { BusinessItemResource } from '../business-items/business-item-resource.js';
import { importBusinessItems } from '../business-items/import-business-items.js';
import type { ImportSummary, OpenImportOptions } from '../import-options.js';
import { planService } from './plan-service.js';

/** Imports a sheet of services, one row per service of a business, one request per service. */
export function importServices(client: ApiClient, options: OpenImportOptions, logger: Logger): Promise<ImportSummary> {
  return importBusinessItems(client, options, logger, createServiceResource());
}

function createServiceResource(): BusinessItemResource<ServiceRow, ServiceSetting, ReadItems<ServiceItem>, Services> {
  return {
    catalog: buildServiceCatalog(),
    itemColumn: 'service_id',
    readItemKey: (row) => String(row.setting.service_id),
    readCurrent: async (api, businessId) => (await api.readServices(businessId)).services,
    planItem: planService,
    // The spec documents one object per request.
    write: { each: (api, businessId, setting) => api.setService(businessId, setting) },
    describeOutcome: describeCategories,
  };
}

/** The cross-category rule made visible: a structured service is set for every category of the business offering it. */
function describeCategories(setting: ServiceSetting, answer: Services): string[] {
  const categories = answer.services.items.filter((item) => item.service_id === setting.service_id).flatMap(({ category_geo_name: category }) => (typeof category === 'string' ? [category] : []));
  return categories.length === 0 ? [] : [`categories: ${categories.join(', ')}`];
}
