import { z } from 'zod';
import { PAGE_FIELDS } from './page-fields.js';
import { eachItem } from './reading/read-each.js';

export const GeoLocationSchema = z.looseObject({
  id: z.string(),
  location_name: z.string(),
  store_code: z.string(),
  region_code: z.string(),
  postal_code: z.string(),
  address_details: z.string(),
  locality: z.string(),
  place_id: z.string(),
  google_verifications: z.looseObject({ status: z.string(), checked_at: z.string() }),
  phone_numbers: z.string(),
});
export type GeoLocation = z.infer<typeof GeoLocationSchema>;

/** A page of `GET /geo-oauth-accounts/locations/search`; a location that does not read is set aside in `unreadable`. */
export const GeoLocationPageSchema = z
  .looseObject({ locations: eachItem(GeoLocationSchema), ...PAGE_FIELDS })
  .transform(({ locations, ...page }) => ({ ...page, locations: locations.items, unreadable: locations.unreadable }));
export type GeoLocationPage = z.infer<typeof GeoLocationPageSchema>;
