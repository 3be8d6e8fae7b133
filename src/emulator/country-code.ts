import { z } from 'zod';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** ISO 3166 alpha-2, as the business update and the attributes query take it: two capitals naming a region. */
export const countryCode = z
  .string()
  // Abort keeps Intl from seeing a malformed code: it throws on `F1`.
  .regex(/^[A-Z]{2}$/, { message: 'must be a two-letter country code', abort: true })
  .refine(isRegion, 'must be an ISO 3166 alpha-2 country code');

/** Intl echoes an unknown code instead of naming it, and calls ZZ "Unknown Region". */
function isRegion(code: string): boolean {
  const name = regionNames.of(code);
  return name !== code && name !== 'Unknown Region';
}
