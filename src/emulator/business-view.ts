import type { Quirks } from './quirks.js';
import type { Business } from './state-types.js';

const ADDRESS_FIELDS = ['address', 'address_full', 'zipcode', 'city', 'lat', 'long'] as const;
/** A status the public facts do not list, as a service adds one between two documentation updates. */
export const UNKNOWN_STATUS = 'permanently_closed';
/** A field the spec does not name. */
export const EXTRA_FIELD = { service_area: { business_type: 'CUSTOMER_AND_BUSINESS_LOCATION', places: ['Paris'] } };

/** A business as the emulator answers it: the stored record, or a copy with the quirks that change answers. */
export function showBusiness(business: Business, quirks: Quirks): unknown {
  if (quirks.nulls !== true && quirks['unknown-values'] !== true) return business;
  let shown: Record<string, unknown> = { ...business };
  if (quirks['unknown-values'] === true) {
    shown = { ...shown, ...EXTRA_FIELD };
    if (pickedBy(business, 10, 0)) shown.status = UNKNOWN_STATUS;
  }
  if (quirks.nulls === true) {
    shown = sayNothing(shown, { listsAsNull: pickedBy(business, 5, 1) });
    if (pickedBy(business, 4, 0)) for (const field of ADDRESS_FIELDS) shown[field] = null;
  }
  return shown;
}

/**
 * `nulls`: what is empty is said the way many services say it, at every depth: an empty text or a
 * null left out, and in one business in five an empty list as null. One business in four also
 * has no address at all.
 */
function sayNothing(record: Record<string, unknown>, how: { listsAsNull: boolean }): Record<string, unknown> {
  const kept = Object.entries(record).filter(([, value]) => value !== '' && value !== null);
  return Object.fromEntries(kept.map(([key, value]) => [key, sayNothingIn(value, how)]));
}

function sayNothingIn(value: unknown, how: { listsAsNull: boolean }): unknown {
  if (Array.isArray(value)) return value.length === 0 && how.listsAsNull ? null : value.map((item) => sayNothingIn(item, how));
  if (typeof value === 'object' && value !== null) return sayNothing(value as Record<string, unknown>, how);
  return value;
}

/** The same businesses for a seed, whatever the request: picked by their id, `residue` telling subsets apart. */
function pickedBy(business: Business, count: number, residue: number): boolean {
  let sum = 0;
  for (const char of business.id) sum += char.charCodeAt(0);
  return sum % count === residue;
}
