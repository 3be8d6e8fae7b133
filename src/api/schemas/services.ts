import { z } from 'zod';
import { eachItem } from './reading/read-each.js';

/** A service as read: a type the spec does not name is kept as its text, a name or description said as null is empty. */
export const ServiceItemSchema = z.looseObject({
  service_id: z.number(),
  type: z.string(),
  name: z.string().nullable(),
  price: z.number().nullable(),
  description: z.string().nullable(),
  category_geo_name: z.string(),
});
export type ServiceItem = z.infer<typeof ServiceItemSchema>;

/** Answer of `GET /business/{id}/services` and `POST /business/{id}/structured_services`; a service that does not read is set aside in `unreadable`, named by its service_id. */
export const ServicesSchema = z.looseObject({ services: eachItem(ServiceItemSchema, 'service_id') });
export type Services = z.infer<typeof ServicesSchema>;

/** The answer of setting service `serviceId`: it lists that service, or it answers another request. */
export function servicesAnswerFor(serviceId: number): z.ZodType<Services> {
  return ServicesSchema.refine(({ services }) => services.items.some((item) => item.service_id === serviceId) || services.unreadable.some(({ id }) => id === String(serviceId)), {
    message: `does not list the service set (${serviceId})`,
    path: ['services'],
  });
}

/** One service to set; an omitted price or description keeps the stored one. */
export interface ServiceSetting {
  service_id: number;
  price?: number | null;
  description?: string;
}
