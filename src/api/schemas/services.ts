import { z } from 'zod';
import { SERVICE_TYPES } from '../facts/service-facts.js';

export const ServiceItemSchema = z.looseObject({
  service_id: z.number(),
  type: z.enum(SERVICE_TYPES),
  name: z.string(),
  price: z.number().nullable(),
  description: z.string(),
  category_geo_name: z.string(),
});
export type ServiceItem = z.infer<typeof ServiceItemSchema>;

/** Answer of `GET /business/{id}/services` and `POST /business/{id}/structured_services`. */
export const ServicesSchema = z.looseObject({ services: z.array(ServiceItemSchema) });
export type Services = z.infer<typeof ServicesSchema>;

/** One service to set; an omitted price or description keeps the stored one. */
export interface ServiceSetting {
  service_id: number;
  price?: number | null;
  description?: string;
}
