import { z } from 'zod';
import { decimalNumber, numberOrDigits } from './reading/other-type.js';
import { lenient } from './reading/lenient.js';
import { toRawValue } from './reading/odd-value.js';
import { eachItem, type ReadItems } from './reading/read-each.js';

const text = lenient(z.string());

/**
 * A service as read, field by field: only its service_id, which names it, must read. Null, "" and
 * a missing key are empty, a price said as decimal text is that number, a type the spec does not
 * name is kept as its text, and a value that fits nothing stays in place as an OddValue.
 */
export const ServiceItemSchema = z.looseObject({
  service_id: numberOrDigits,
  type: text,
  name: text,
  price: lenient(decimalNumber),
  description: text,
  category_geo_name: text,
});
export type ServiceItem = z.infer<typeof ServiceItemSchema>;

/** Answer of `GET /business/{id}/services` and `POST /business/{id}/structured_services`; a service that does not read is set aside in `unreadable`, named by its service_id. */
export const ServicesSchema = z.looseObject({ services: eachItem(ServiceItemSchema, 'service_id') });
export type Services = z.infer<typeof ServicesSchema>;

/** The answer of setting a service: it must list that service with what was sent, or it answers another request. */
export function servicesAnswerFor(setting: ServiceSetting): z.ZodType<Services> {
  return ServicesSchema.superRefine(({ services }, ctx) => {
    const drift = findAnswerDrift(setting, services);
    if (drift !== undefined) ctx.addIssue({ code: 'custom', message: drift, path: ['services'] });
  });
}

/**
 * Where the answer says a price or description of the service sent one, some category of it must
 * hold what was sent: a free-form service is set in one category, and one the business left keeps its own.
 * A listing or a value in no shape the client reads confirms nothing.
 */
function findAnswerDrift(setting: ServiceSetting, services: ReadItems<ServiceItem>): string | undefined {
  const { service_id: serviceId } = setting;
  const listed = services.items.filter((item) => item.service_id === serviceId);
  if (listed.length === 0) return `does not list the service set (${serviceId})`;
  for (const field of ['price', 'description'] as const) {
    const sent = setting[field];
    if (sent === undefined || sent === null) continue;
    const said = listed.map((item) => item[field]).filter((value) => value !== undefined);
    if (said.length > 0 && !said.includes(sent)) return `lists service ${serviceId} with ${field} ${said.map((value) => JSON.stringify(toRawValue(value))).join(', ')}, not the ${JSON.stringify(sent)} sent`;
  }
  return undefined;
}

/** One service to set; an omitted price or description keeps the stored one. */
export interface ServiceSetting {
  service_id: number;
  price?: number | null;
  description?: string;
}
