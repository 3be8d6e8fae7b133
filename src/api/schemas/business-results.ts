import { z } from 'zod';
import { BusinessSchema } from './business.js';

/** Answer of `POST /business/{id}`. */
export const BusinessUpdateResultSchema = z.looseObject({ status: z.string(), id: z.string() });
export type BusinessUpdateResult = z.infer<typeof BusinessUpdateResultSchema>;

/** A page of `GET /business/search` and `GET /user/{id}/businesses`. */
export const BusinessPageSchema = z.looseObject({
  page: z.number(),
  max_page: z.number(),
  count: z.number(),
  businesses: z.array(BusinessSchema),
});
export type BusinessPage = z.infer<typeof BusinessPageSchema>;
