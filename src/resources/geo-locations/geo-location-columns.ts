import { GeoLocationSchema } from '../../api/schemas/geo-locations.js';
import type { Column } from '../column.js';
import { textColumn } from '../columns/text-column.js';

const location = GeoLocationSchema.shape;
const verification = location.google_verifications.shape;
const readOnly = true;

/** Geo locations found by the search, export only. */
export function buildGeoLocationColumns(): Column[] {
  return [
    textColumn({ header: 'id', schema: location.id, readOnly, text: true, description: 'Id of the geo location' }),
    textColumn({ header: 'location_name', schema: location.location_name, readOnly, description: 'Name of the location' }),
    textColumn({ header: 'store_code', schema: location.store_code, readOnly, text: true, description: 'Store code of the location' }),
    textColumn({ header: 'address_details', schema: location.address_details, readOnly, description: 'Street address' }),
    textColumn({ header: 'postal_code', schema: location.postal_code, readOnly, text: true, description: 'Postal code, leading zeros kept' }),
    textColumn({ header: 'locality', schema: location.locality, readOnly, description: 'City' }),
    textColumn({ header: 'region_code', schema: location.region_code, readOnly, description: 'Region code' }),
    textColumn({ header: 'phone_numbers', schema: location.phone_numbers, readOnly, text: true, description: 'Phone numbers' }),
    textColumn({ header: 'place_id', schema: location.place_id, readOnly, text: true, description: 'Place id on the geo provider' }),
    textColumn({ header: 'google_verifications.status', schema: verification.status, readOnly, description: 'Verification status, e.g. verified' }),
    textColumn({ header: 'google_verifications.checked_at', schema: verification.checked_at, readOnly, description: 'When the verification was checked' }),
  ];
}
