import { z } from 'zod';
import { PAGE_FIELDS } from './page-fields.js';
import { textId } from './reading/other-type.js';
import { eachItem } from './reading/read-each.js';
import { lenient, lenientObject } from './reading/lenient.js';

const text = lenient(z.string());

/** A location as read, field by field: only its id, which names it, must read; the others are only shown (see lenient). */
export const GeoLocationSchema = z.looseObject({
  id: textId,
  location_name: text,
  store_code: text,
  region_code: text,
  postal_code: text,
  address_details: text,
  locality: text,
  place_id: text,
  google_verifications: lenientObject({ status: text, checked_at: text }),
  phone_numbers: text,
});
export type GeoLocation = z.infer<typeof GeoLocationSchema>;

/** A page of `GET /geo-oauth-accounts/locations/search`; a location that does not read is set aside in `unreadable`. */
export const GeoLocationPageSchema = z
  .looseObject({ locations: eachItem(GeoLocationSchema), ...PAGE_FIELDS })
  .transform(({ locations, ...page }) => ({ ...page, locations: locations.items, unreadable: locations.unreadable }));
export type GeoLocationPage = z.infer<typeof GeoLocationPageSchema>;
