import { z } from 'zod';
import type { ServiceSetting } from '../../api/schemas/services.js';
import { SERVICE_DESCRIPTION_MAX, SERVICE_TYPES } from '../../api/facts/service-facts.js';
import { assemblePayload } from '../assemble-payload.js';
import { BUSINESS_IDENTITY_COLUMNS, perBusinessCatalog, type BusinessTarget } from '../business-target.js';
import { choiceColumn } from '../columns/choice-column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';
import type { ImportCatalog } from '../resource-catalog.js';
import { requireValue } from '../require-value.js';

const serviceIdColumn = numberColumn({
  header: 'service_id',
  // The spec gives service_id as an integer; the answer's schema only says number.
  schema: z.int(),
  description: 'Id of the service to set (from an export or the services suggestions)',
  example: 101,
});

/** A row of the sheet: the service to set, and the read-only name cell, which the plan compares with the service's own name. */
export interface ServiceRow {
  setting: ServiceSetting;
  name?: string;
}

export type ServiceCatalog = ImportCatalog<BusinessTarget, ServiceRow>;

export const serviceNameColumn = textColumn({ header: 'name', schema: z.string(), readOnly: true, description: 'Name of the service' });

/** One row per service of a business: `POST /business/{id}/structured_services` items, with the name cell to compare. */
export function buildServiceCatalog(): ServiceCatalog {
  const columns = [
    ...BUSINESS_IDENTITY_COLUMNS,
    serviceIdColumn,
    numberColumn({
      header: 'price',
      // The API types a price as any number; a negative one is a typo (a minus for a dash), never a price.
      // Not nullable: the contract's price is a number and no edition empties one, so `#clear` is refused.
      schema: z.number().min(0, 'must not be negative'),
      description: 'Price of the service',
      example: 35.5,
    }),
    textColumn({
      header: 'description',
      schema: z.string().max(SERVICE_DESCRIPTION_MAX, `must be at most ${SERVICE_DESCRIPTION_MAX} characters`),
      grammar: `text of at most ${SERVICE_DESCRIPTION_MAX} characters`,
      description: 'Description of the service',
      example: 'Birthday and wedding cakes, ordered two days ahead.',
    }),
    serviceNameColumn,
    choiceColumn({ header: 'type', schema: z.string(), choices: SERVICE_TYPES, readOnly: true, description: 'Kind of service' }),
    textColumn({
      header: 'category_geo_name',
      schema: z.string(),
      readOnly: true,
      description: 'Category the service is listed under',
    }),
  ];
  return perBusinessCatalog('services', columns, (fields, cells) => {
    const serviceId = requireValue(fields, serviceIdColumn, 'give the id of the service to set');
    if (typeof serviceId !== 'number') return undefined;
    const name = String(cells[serviceNameColumn.header] ?? '').trim();
    return { setting: { ...assemblePayload(fields.values), service_id: serviceId }, ...(name === '' ? {} : { name }) };
  });
}
