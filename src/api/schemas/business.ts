import { z } from 'zod';
import {
  BUSINESS_STATUSES,
  CATEGORY_PATTERN,
  DESCRIPTION_LONG_MAX,
  DESCRIPTION_SHORT_MAX,
  E164_PATTERN,
  TIME_WINDOW_PATTERN,
  WEEK_DAYS,
} from '../facts/service-facts.js';
import { eachOnce } from './each-once.js';
import { numberOrDigits, textId } from './reading/other-type.js';

const isoDate = z.iso.date({ error: 'must be a date yyyy-mm-dd' });
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const timeWindow = z.string().regex(TIME_WINDOW_PATTERN, 'must be a time window HH:MM-HH:MM');
export const countryCode = z
  .string()
  // Abort keeps Intl from seeing a malformed code: it throws on `F1`.
  .regex(/^[A-Z]{2}$/, { message: 'must be a two-letter country code', abort: true })
  .refine(isKnownRegion, 'must be an ISO 3166 alpha-2 country code');

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
// Asking Intl costs a microsecond, on every country cell of a sheet: each of the 676 codes is asked once.
const knownRegions = new Map<string, boolean>();
function isKnownRegion(code: string): boolean {
  let known = knownRegions.get(code);
  if (known === undefined) {
    // Intl echoes an unknown code back instead of naming a region; ZZ is its own "Unknown Region";
    // a code replaced by another (UK by GB, FX by FR, DD by DE) is no ISO 3166 code the service need take.
    const name = regionNames.of(code);
    known = name !== code && name !== 'Unknown Region' && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
    knownRegions.set(code, known);
  }
  return known;
}

export const WeekHoursSchema = z.strictObject(
  Object.fromEntries(WEEK_DAYS.map((day) => [day, z.array(timeWindow)])) as Record<
    (typeof WEEK_DAYS)[number],
    z.ZodArray<typeof timeWindow>
  >,
);
export type WeekHours = z.infer<typeof WeekHoursSchema>;

const dateRange = { starts_at: isoDate, ends_at: isoDate };
function endsAfterStart(range: { starts_at: string; ends_at: string }): boolean {
  return range.starts_at <= range.ends_at;
}

export const SpecificHoursSchema = z.strictObject({
  open: z.array(
    z
      .strictObject({ ...dateRange, open_hours: z.array(timeWindow) })
      .refine(endsAfterStart, { message: 'ends_at must not be before starts_at', path: ['ends_at'] }),
  ),
  close: z.array(
    z
      .strictObject(dateRange)
      .refine(endsAfterStart, { message: 'ends_at must not be before starts_at', path: ['ends_at'] }),
  ),
});
export type SpecificHours = z.infer<typeof SpecificHoursSchema>;

export const ContactSchema = z.strictObject({
  name: z.string().optional(),
  email: z.email({ error: 'must be an email address' }).optional(),
  phone_numbers: z
    .array(z.string().regex(E164_PATTERN, 'must be a phone number in E.164 format (+33302060628)'))
    .check(eachOnce('list each phone number'))
    .optional(),
  fax: z.string().optional(),
});
export type Contact = z.infer<typeof ContactSchema>;

export const PhotosSchema = z.strictObject({
  LOGO: httpUrl.optional(),
  primary: httpUrl.optional(),
  secondary: z.array(httpUrl).check(eachOnce('list each photo')).optional(),
});
export type Photos = z.infer<typeof PhotosSchema>;

const ImageWithTextsSchema = z.strictObject({ url: httpUrl, texts: z.record(z.string(), z.string()) });

export const CustomFieldValueSchema = z.union([
  z.boolean(),
  z.number(),
  z.string(),
  z.array(z.string()),
  z.array(ImageWithTextsSchema),
  z.null(),
]);
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

/** Fields accepted by `POST /business/{id}`; every field is optional (partial update). */
export const BusinessUpdateSchema = z.strictObject({
  name: z.string().min(1, 'must not be empty'),
  org_id: z.int(),
  groups: z.array(z.int()).check(eachOnce('list each group')),
  country: countryCode,
  // Strings in both editions, not nullable in an update: no null is sent (clearing-facts.ts).
  zipcode: z.string(),
  city: z.string(),
  region: z.string(),
  categories: z
    .array(z.string().regex(CATEGORY_PATTERN, 'must be a category id gcid:<name>'))
    .min(1, 'must hold at least one category')
    .check(eachOnce('list each category')),
  code: z.string().min(1, 'must not be empty'),
  status: z.enum(BUSINESS_STATUSES, { error: `must be one of ${BUSINESS_STATUSES.join(', ')}` }),
  opening_date: isoDate,
  address2: z.string(),
  address_full: z.string(),
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  // URIs in the published description: "" is not one.
  website_url: httpUrl,
  network_a_url: httpUrl,
  network_b_url: httpUrl,
  description_short: z.string().max(DESCRIPTION_SHORT_MAX, `must be at most ${DESCRIPTION_SHORT_MAX} characters`),
  description_long: z.string().max(DESCRIPTION_LONG_MAX, `must be at most ${DESCRIPTION_LONG_MAX} characters`),
  contacts: z.array(ContactSchema),
  photos: PhotosSchema,
  national_identification_number: z.string(),
  custom_fields: z.record(z.string(), CustomFieldValueSchema),
  open_hours: WeekHoursSchema,
  specific_hours: SpecificHoursSchema,
}).partial();
export type BusinessUpdate = z.infer<typeof BusinessUpdateSchema>;

/**
 * What every job finds a business by, read in each item of a business list; the fields a job
 * formats are read by that job (business-read.ts), so that an odd field sinks no job that does not use it.
 * A business without a store code may say so with null or with no `code` at all; a code said as a
 * number is its text.
 */
export const BusinessSchema = z.looseObject({
  id: textId,
  org_id: numberOrDigits,
  code: textId.nullable().default(null),
});
export type Business = z.infer<typeof BusinessSchema>;
