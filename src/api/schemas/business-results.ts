import { z } from 'zod';
import { BusinessSchema } from './business.js';
import { PAGE_FIELDS } from './page-fields.js';

/** Answer of `POST /business/{id}`. */
export const BusinessUpdateResultSchema = z.looseObject({ status: z.string(), id: z.string() });
export type BusinessUpdateResult = z.infer<typeof BusinessUpdateResultSchema>;

/** A page of `GET /business/search` and `GET /user/{id}/businesses`. */
export const BusinessPageSchema = z.looseObject({
  ...PAGE_FIELDS,
  businesses: z.array(BusinessSchema),
});
export type BusinessPage = z.infer<typeof BusinessPageSchema>;
