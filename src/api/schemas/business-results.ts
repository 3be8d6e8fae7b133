import { z } from 'zod';
import { BusinessSchema } from './business.js';
import { PAGE_FIELDS } from './page-fields.js';
import { textId } from './reading/other-type.js';
import { eachItem } from './reading/read-each.js';
import { SUCCESS_STATUS } from './status-result.js';

/** Answer of `POST /business/{id}`. */
export const BusinessUpdateResultSchema = z.looseObject({ status: SUCCESS_STATUS, id: textId });
export type BusinessUpdateResult = z.infer<typeof BusinessUpdateResultSchema>;

/** The answer to `POST /business/{id}` must name the business addressed; a `c-<code>` address is answered with the id, which cannot be compared. */
export function businessUpdateResultFor(addressed: string): z.ZodType<BusinessUpdateResult> {
  if (addressed.startsWith('c-')) return BusinessUpdateResultSchema;
  return BusinessUpdateResultSchema.refine((result) => result.id === addressed, { message: `not the business addressed (${addressed})`, path: ['id'] });
}

/** A page of `GET /business/search` and `GET /user/{id}/businesses`; a business that does not read is set aside in `unreadable`. */
export const BusinessPageSchema = z
  .looseObject({ ...PAGE_FIELDS, businesses: eachItem(BusinessSchema) })
  .transform(({ businesses, ...page }) => ({ ...page, businesses: businesses.items, unreadable: businesses.unreadable }));
export type BusinessPage = z.infer<typeof BusinessPageSchema>;
