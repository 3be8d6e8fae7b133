import { WEEK_DAYS } from './service-facts.js';

/**
 * How a business field is emptied by an update, or why it cannot be: the contract
 * (listing-api.md) and the published description (2021, restated at the end of public-facts.md)
 * must both accept what is sent. Each value carries its source, so that a correction is one line.
 * Custom fields are not here: their schemas are nullable, and the published description empties
 * one with null (or a list with []).
 */
export type Clearing = { value: unknown; source: string } | { none: string };

const TEXT: Clearing = { value: '', source: 'a string in the contract and the published description' };
const LIST: Clearing = { value: [], source: 'a list in the contract and the published description' };
const URI: Clearing = { none: 'a URI in the published description, where "" is not valid' };
const NOT_NULLABLE_TEXT: Clearing = { none: 'a string in the published description, not nullable, and "" is no address' };
const NOT_NULLABLE_NUMBER: Clearing = { none: 'a number in the published description, not nullable' };

const BUSINESS_CLEARING: Readonly<Record<string, Clearing>> = {
  groups: LIST,
  region: TEXT,
  city: NOT_NULLABLE_TEXT,
  zipcode: NOT_NULLABLE_TEXT,
  address2: TEXT,
  address_full: TEXT,
  lat: NOT_NULLABLE_NUMBER,
  long: NOT_NULLABLE_NUMBER,
  opening_date: { none: 'a date yyyy-mm-dd in the contract' },
  website_url: URI,
  network_a_url: URI,
  network_b_url: URI,
  description_short: TEXT,
  description_long: TEXT,
  national_identification_number: TEXT,
  'contacts.0.name': TEXT,
  'contacts.0.email': { none: 'an email address' },
  'contacts.0.phone_numbers': LIST,
  'contacts.0.fax': TEXT,
  'photos.LOGO': { none: 'public facts: a URL' },
  'photos.primary': { none: 'public facts: a URL' },
  'photos.secondary': LIST,
  ...Object.fromEntries(WEEK_DAYS.map((day) => [`open_hours.${day}`, { value: [], source: 'public facts: a closed day is an empty list' }])),
  'specific_hours.open': LIST,
  'specific_hours.close': LIST,
};

/**
 * How the field of a business column is emptied; undefined for a field no business is without
 * (name, status, categories, org_id, country, code), whose `#clear` is refused from the sheet alone.
 */
export function findBusinessClearing(header: string): Clearing | undefined {
  return BUSINESS_CLEARING[header];
}
