import { WEEK_DAYS } from './service-facts.js';

/**
 * How a business field is emptied by an update, or why it cannot be: the contract
 * (listing-api.md) and the published description (2021, restated at the end of public-facts.md)
 * must both accept what is sent. Each value carries its source, so that a correction is one line.
 */
export type Clearing = { value: unknown; source: string } | { none: string };

const TEXT: Clearing = { value: '', source: 'a string in the contract and the published description' };
const LIST: Clearing = { value: [], source: 'a list in the contract and the published description' };
const URI: Clearing = { none: 'a URI in the published description, where "" is not valid' };
const NOT_NULLABLE_TEXT: Clearing = { none: 'a string in the published description, not nullable, and "" is no address' };
const NOT_NULLABLE_NUMBER: Clearing = { none: 'a number in the published description, not nullable' };

const BUSINESS_CLEARING: Readonly<Record<string, Clearing>> = {
  name: { none: 'every business has a name' },
  status: { none: 'one of the statuses of the public facts' },
  categories: { none: 'public facts: at least one category when the field is sent' },
  groups: LIST,
  org_id: { none: 'every business belongs to an organization' },
  country: { none: 'a two-letter country code' },
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
  code: { none: 'a store code identifies the business' },
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

/** Published description (2021): custom fields are updated key by key, and null empties one. */
export const CUSTOM_FIELD_CLEARING: Clearing = { value: null, source: 'published description: null empties a custom field' };

/** How the field of a business column is emptied; a column this table does not name has no documented way. */
export function findBusinessClearing(header: string): Clearing {
  return BUSINESS_CLEARING[header] ?? { none: 'no documented empty value' };
}
