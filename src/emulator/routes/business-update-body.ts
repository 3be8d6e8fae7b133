import { z } from 'zod';
import { BUSINESS_STATUSES, DESCRIPTION_LONG_MAX, DESCRIPTION_SHORT_MAX, WEEK_DAYS, type WeekDay } from '../../api/facts/service-facts.js';
import { countryCode } from '../country-code.js';
import { categoryId, httpUrl, isoDate, phoneNumber, timeWindow } from '../formats.js';

/*
 * The emulator's reading of the body of `POST /business/{id}`: the spec's table of update fields
 * and the public facts' rules, every field optional (a partial update). Custom field values are
 * typed by their definitions in the route, which knows the organization.
 */

const range = { starts_at: isoDate, ends_at: isoDate };
const inOrder = ({ starts_at: start, ends_at: end }: { starts_at: string; ends_at: string }) => start <= end;
const endsTooEarly = { message: 'ends_at must not be before starts_at', path: ['ends_at'] };
const dateRange = z.strictObject(range).refine(inOrder, endsTooEarly);
const specificOpening = z.strictObject({ ...range, open_hours: z.array(timeWindow) }).refine(inOrder, endsTooEarly);

/** Public facts: when open_hours is sent, every day is there; a closed day is an empty list. */
const weekHours = z.strictObject(Object.fromEntries(WEEK_DAYS.map((day) => [day, z.array(timeWindow)])) as Record<WeekDay, z.ZodArray<typeof timeWindow>>);

const contact = z.strictObject({
  name: z.string().optional(),
  email: z.email({ error: 'must be an email address' }).optional(),
  phone_numbers: z.array(phoneNumber).optional(),
  fax: z.string().optional(),
});

export const BusinessUpdateBodySchema = z
  .strictObject({
    name: z.string().min(1, 'must not be empty'),
    org_id: z.int(),
    groups: z.array(z.int()),
    country: countryCode,
    // Reads may answer address fields null (the spec); the published description (2021) types
    // them in an update as strings and numbers, none nullable: a write cannot clear them.
    zipcode: z.string(),
    city: z.string(),
    region: z.string(),
    categories: z.array(categoryId).min(1, 'must hold at least one category'),
    code: z.string().min(1, 'must not be empty'),
    status: z.enum(BUSINESS_STATUSES, { error: `must be one of ${BUSINESS_STATUSES.join(', ')}` }),
    // Stored null when unknown, but the contract types it a date: a write cannot clear it.
    opening_date: isoDate,
    address2: z.string(),
    address_full: z.string(),
    lat: z.number().min(-90).max(90),
    long: z.number().min(-180).max(180),
    // URIs in the published description (2021): "" is none, so a URL cannot be cleared either.
    website_url: httpUrl,
    network_a_url: httpUrl,
    network_b_url: httpUrl,
    description_short: z.string().max(DESCRIPTION_SHORT_MAX, `must be at most ${DESCRIPTION_SHORT_MAX} characters`),
    description_long: z.string().max(DESCRIPTION_LONG_MAX, `must be at most ${DESCRIPTION_LONG_MAX} characters`),
    contacts: z.array(contact),
    photos: z.strictObject({ LOGO: httpUrl.optional(), primary: httpUrl.optional(), secondary: z.array(httpUrl).optional() }),
    national_identification_number: z.string(),
    custom_fields: z.record(z.string(), z.unknown()),
    open_hours: weekHours,
    // The published description (2021): both lists, so the update replaces them whole.
    specific_hours: z.strictObject({ open: z.array(specificOpening), close: z.array(dateRange) }),
  })
  .partial();
export type BusinessUpdateBody = z.infer<typeof BusinessUpdateBodySchema>;
