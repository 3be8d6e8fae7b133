import type { Quirks } from './pipeline/quirks.js';
import { LEFT_OUT, sayEmpty } from './say-empty.js';
import type { Business, CustomField } from './state-types.js';

const ADDRESS_FIELDS = ['address', 'address_full', 'zipcode', 'city', 'lat', 'long'] as const;
/** Keys a contact and the photos may lack when stored; `real-shapes` answers each, null when unset. */
const CONTACT_KEYS = ['name', 'email', 'phone_numbers', 'fax'] as const;
const PHOTO_KEYS = ['LOGO', 'primary', 'secondary'] as const;
/** Hours stay lists under `real-shapes`: a closed day is `[]`, and the description sends hours whole. */
const HOURS_FIELDS: readonly unknown[] = ['open_hours', 'specific_hours'];
/** A status the public facts do not list, as a service adds one between two documentation updates. */
const UNKNOWN_STATUS = 'permanently_closed';
/** A field the spec does not name. */
const EXTRA_FIELD = { service_area: { business_type: 'CUSTOMER_AND_BUSINESS_LOCATION', places: ['Paris'] } };

/**
 * A business as the emulator answers it: the stored record, or a copy with the quirks that change
 * answers. `customFields` are the definitions, of every organization, that `real-shapes` lists.
 */
export function showBusiness(business: Business, quirks: Quirks, customFields: readonly CustomField[]): unknown {
  if (quirks.nulls !== true && quirks['unknown-values'] !== true && quirks['real-shapes'] !== true) return business;
  let shown: Record<string, unknown> = { ...business };
  if (quirks['unknown-values'] === true) {
    shown = { ...shown, ...EXTRA_FIELD };
    if (pickedBy(business, 10, 0)) shown.status = UNKNOWN_STATUS;
  }
  if (quirks['real-shapes'] === true) shown = showRealShapes(shown, business, customFields);
  // `nulls`: empty texts and nulls left out at every depth (with real-shapes too, the nulls it
  // answers), in one business in five empty lists null, in one in four no address at all.
  if (quirks.nulls === true) {
    const listsAsNull = pickedBy(business, 5, 1);
    shown = sayEmpty(shown, (empty) => (Array.isArray(empty) ? (listsAsNull ? null : empty) : LEFT_OUT));
    if (pickedBy(business, 4, 0)) for (const field of ADDRESS_FIELDS) shown[field] = null;
  }
  return shown;
}

/**
 * `real-shapes`, the published description (2021): every empty or unset optional field is null,
 * at every depth, empty lists included but the hours; custom fields are a list of
 * `{id, name, type, value, order}`, one item per definition of the business's organization.
 */
function showRealShapes(shown: Record<string, unknown>, business: Business, customFields: readonly CustomField[]): Record<string, unknown> {
  const complete = {
    ...shown,
    contacts: business.contacts.map((contact) => ({ ...unset(CONTACT_KEYS), ...contact })),
    photos: { ...unset(PHOTO_KEYS), ...business.photos },
    custom_fields: customFields
      .filter((field) => field.org_id === business.org_id)
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map(({ id, name, type, order }) => ({ id, name, type, value: business.custom_fields[name] ?? null, order })),
  };
  return sayEmpty(complete, (empty, path) => (Array.isArray(empty) && HOURS_FIELDS.includes(path[0]) ? empty : null));
}

function unset(keys: readonly string[]): Record<string, null> {
  return Object.fromEntries(keys.map((key) => [key, null]));
}

/** The same businesses for a seed, whatever the request: picked by their id, `residue` telling subsets apart. */
function pickedBy(business: Business, count: number, residue: number): boolean {
  let sum = 0;
  for (const char of business.id) sum += char.charCodeAt(0);
  return sum % count === residue;
}
