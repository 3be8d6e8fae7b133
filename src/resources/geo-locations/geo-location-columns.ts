import { z } from 'zod';
import type { Column } from '../column.js';
import { textColumn } from '../columns/text-column.js';

// The spec's types: the answer is read leniently (geo-locations.ts).
const text = z.string();
const readOnly = true;

/** Geo locations found by the search, export only. */
export function buildGeoLocationColumns(): Column[] {
  return [
    textColumn({ header: 'id', schema: text, readOnly, text: true, description: 'Id of the geo location' }),
    textColumn({ header: 'location_name', schema: text, readOnly, description: 'Name of the location' }),
    textColumn({ header: 'store_code', schema: text, readOnly, text: true, description: 'Store code of the location' }),
    textColumn({ header: 'address_details', schema: text, readOnly, description: 'Street address' }),
    textColumn({ header: 'postal_code', schema: text, readOnly, text: true, description: 'Postal code, leading zeros kept' }),
    textColumn({ header: 'locality', schema: text, readOnly, description: 'City' }),
    textColumn({ header: 'region_code', schema: text, readOnly, description: 'Region code' }),
    textColumn({ header: 'phone_numbers', schema: text, readOnly, text: true, description: 'Phone numbers' }),
    textColumn({ header: 'place_id', schema: text, readOnly, text: true, description: 'Place id on the geo provider' }),
    textColumn({ header: 'google_verifications.status', schema: text, readOnly, description: 'Verification status, e.g. verified' }),
    textColumn({ header: 'google_verifications.checked_at', schema: text, readOnly, description: 'When the verification was checked' }),
  ];
}
