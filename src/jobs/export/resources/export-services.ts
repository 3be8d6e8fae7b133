import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { Lenient } from '../../../api/schemas/reading/lenient.js';
import { OddValue } from '../../../api/schemas/reading/odd-value.js';
import type { ServiceItem } from '../../../api/schemas/services.js';
import { LIST_SEPARATOR } from '../../../resources/columns/list-column.js';
import { buildServiceCatalog } from '../../../resources/services/service-catalog.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { exportPerBusiness } from '../run/export-per-business.js';
import { readAtPath } from '../../../resources/field-path.js';

/** `services`: one row per (business, service), the columns of the services import. */
export function exportServices(client: ApiClient, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  return exportPerBusiness(client, options, logger, {
    resource: 'services',
    columns: buildServiceCatalog().columns,
    describe: (businessId) => `GET /business/${businessId}/services`,
    noun: 'service',
    read: async (api, businessId) => {
      const { items, unreadable } = (await api.readServices(businessId)).services;
      return { items: mergeCategories(items), unreadable };
    },
    readValue: (service, column) => (column.path === undefined ? undefined : readAtPath(service, column.path)),
    idOf: (service) => String(service.service_id),
  });
}

/** A service over the categories listing it; a field they disagree on is left out. */
type MergedService = Pick<ServiceItem, 'service_id' | 'type' | 'name' | 'category_geo_name'> & Partial<Pick<ServiceItem, 'price' | 'description'>>;

/**
 * The API lists a structured service once per category of the business offering it, and setting
 * it sets every one of them: one row per service, its categories together in the read-only column.
 * Should the categories disagree on the price or description, the cell stays empty, which an
 * import leaves as it is: an untouched export imports back with no write.
 */
function mergeCategories(services: readonly ServiceItem[]): MergedService[] {
  const byId = new Map<number, MergedService>();
  for (const service of services) {
    const first = byId.get(service.service_id);
    if (first === undefined) {
      byId.set(service.service_id, service);
      continue;
    }
    byId.set(service.service_id, {
      ...first,
      category_geo_name: joinCategories(first.category_geo_name, service.category_geo_name),
      price: first.price === service.price ? first.price : undefined,
      description: first.description === service.description ? first.description : undefined,
    });
  }
  return [...byId.values()];
}

/** The categories in one cell; one that did not read stands for the cell, written as the service sent it. */
function joinCategories(...categories: Lenient<string>[]): Lenient<string> {
  const odd = categories.find((category) => category instanceof OddValue);
  return odd ?? (categories.filter((category) => typeof category === 'string').join(LIST_SEPARATOR) || undefined);
}
