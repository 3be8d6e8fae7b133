import { z } from 'zod';
import { BUSINESS_STATUSES, WEEK_DAYS } from '../service-facts.js';
import { BusinessSchema } from './business.js';
import { customFieldReadSchema, type CustomFieldReading } from './custom-field-reading.js';

/*
 * A business as the businesses export and import read it: the type of every field their columns
 * format, nothing of the write rules (a description longer than today's limit still reads). A field
 * may be missing (an empty cell, unchanged on import); null only where the spec allows it.
 */

const text = z.string().optional();
/** The spec: address, address_full, zipcode, city, lat and long can be null (an empty cell). */
const addressText = z.string().nullable().optional();
/** The service may give numbers as text ("48.85"): the cell is the same. */
const decimal = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).nullable().optional();
const texts = z.array(z.string()).optional();

const DateRangeSchema = z.looseObject({ starts_at: z.string(), ends_at: z.string() });

export const BusinessFieldsSchema = BusinessSchema.extend({
  name: z.string(),
  created: z.number(),
  modified: z.number(),
  status: z.enum(BUSINESS_STATUSES).optional(),
  groups: z.array(z.number()).optional(),
  country: text,
  region: text,
  city: addressText,
  zipcode: addressText,
  address: addressText,
  address_full: addressText,
  lat: decimal,
  long: decimal,
  address2: text,
  categories: texts,
  // Null in the emulator's seed for a business with no known opening.
  opening_date: z.string().nullable().optional(),
  website_url: text,
  network_a_url: text,
  network_b_url: text,
  description_short: text,
  description_long: text,
  national_identification_number: text,
  contacts: z.array(z.looseObject({ name: text, email: text, phone_numbers: texts, fax: text })).optional(),
  photos: z.looseObject({ LOGO: text, primary: text, secondary: texts }).optional(),
  // A week that lacks a day, or none at all, reads: the import refuses to complete it from an unknown day.
  open_hours: z.looseObject(Object.fromEntries(WEEK_DAYS.map((day) => [day, texts]))).nullable().optional(),
  specific_hours: z
    .looseObject({ open: z.array(DateRangeSchema.extend({ open_hours: z.array(z.string()) })).optional(), close: z.array(DateRangeSchema).optional() })
    .optional(),
  custom_fields: z.record(z.string(), z.unknown()).optional(),
  default_lang: z.string().nullable().optional(),
  geo_location_id: z.string().nullable().optional(),
  network_a_page_id: z.string().nullable().optional(),
  logo_url: z.string().nullable().optional(),
  completion_rate: z.number().optional(),
  features: texts,
  subscriptions: z.record(z.string(), z.looseObject({ active: z.boolean() })).optional(),
});

export type BusinessFields = z.infer<typeof BusinessFieldsSchema>;

/** The schema of a business with its custom fields typed by the organization's definitions. */
export function businessReadSchema(customFields: readonly CustomFieldReading[]): z.ZodType<BusinessFields> {
  if (customFields.length === 0) return BusinessFieldsSchema;
  const values = Object.fromEntries(customFields.map((field) => [field.name, customFieldReadSchema(field).optional()]));
  return BusinessFieldsSchema.extend({ custom_fields: z.looseObject(values).optional() });
}
