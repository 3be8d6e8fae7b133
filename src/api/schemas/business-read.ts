import { z } from 'zod';
import { WEEK_DAYS } from '../facts/service-facts.js';
import { writeMidnightEnd } from '../facts/write-midnight-end.js';
import { BusinessSchema } from './business.js';
import { customFieldReadSchema, type CustomFieldReading } from './custom-fields/custom-field-reading.js';
import { DECIMAL_TEXT, numberOrDigits } from './reading/other-type.js';
import { lenient, lenientList, lenientObject } from './reading/lenient.js';

/*
 * A business as the businesses export and import read it, field by field: only its identity (id,
 * org_id) must read. Null, "" and a missing key are one empty value; a list said as null is empty;
 * a status the client does not know is kept as its text; a value that fits nothing stays in place
 * as an OddValue, which blocks only the work that needs it (see findOddValues). Nothing of the
 * write rules: a description longer than today's limit still reads.
 */

const text = lenient(z.string());
/** The service may give numbers as text ("48.85"): the cell is the same. */
const decimal = lenient(z.union([z.number(), z.string().regex(DECIMAL_TEXT)]));
const number = lenient(z.number());
const texts = lenientList(z.string());
/** A window to midnight read as the published description writes it (`18:00-00:00`): kept and sent back so, never as 24:00. */
const windows = lenientList(z.string().transform(writeMidnightEnd));
const dateRange = { starts_at: text, ends_at: text };

const businessFields = {
  name: text,
  created: number,
  modified: number,
  status: text,
  groups: lenientList(numberOrDigits),
  country: text,
  region: text,
  city: text,
  zipcode: text,
  address: text,
  address_full: text,
  lat: decimal,
  long: decimal,
  address2: text,
  categories: texts,
  opening_date: text,
  website_url: text,
  network_a_url: text,
  network_b_url: text,
  description_short: text,
  description_long: text,
  national_identification_number: text,
  contacts: lenientList(z.looseObject({ name: text, email: text, phone_numbers: texts, fax: text })),
  photos: lenientObject({ LOGO: text, primary: text, secondary: texts }),
  // A day the answer leaves out stays unknown: the import refuses to complete a week from it.
  open_hours: lenientObject(Object.fromEntries(WEEK_DAYS.map((day) => [day, windows]))),
  specific_hours: lenientObject({ open: lenientList(z.looseObject({ ...dateRange, open_hours: windows })), close: lenientList(z.looseObject(dateRange)) }),
  default_lang: text,
  geo_location_id: text,
  network_a_page_id: text,
  logo_url: text,
  completion_rate: number,
  features: texts,
  // Each subscription read on its own: one said as null, or its `active` in another shape, leaves the others' cells as they are.
  subscriptions: lenient(z.record(z.string(), lenientObject({ active: lenient(z.boolean()) }))),
};

/** A business read field by field: its identity typed, every other field `unknown` (an OddValue where it does not read). */
export type BusinessFields = z.infer<typeof BusinessSchema> & Readonly<Record<string, unknown>>;

/** The schema of a business with its custom fields typed by the organization's definitions. */
export function businessReadSchema(customFields: readonly CustomFieldReading[]): z.ZodType<BusinessFields> {
  const values = Object.fromEntries(customFields.map((field) => [field.name, lenient(customFieldReadSchema(field))]));
  return BusinessSchema.extend({
    ...businessFields,
    custom_fields: lenient(z.preprocess(readCustomFieldList, z.looseObject(values))),
  });
}

/**
 * The published description (2021) gives custom fields as a list of `{id, name, type, value, order}`,
 * the contract as a map of name to value: a list is read as that map, keyed by name.
 */
function readCustomFieldList(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every(isNamedItem)) return value;
  return Object.fromEntries(value.map((item) => [item.name, item.value]));
}

function isNamedItem(item: unknown): item is { name: string; value?: unknown } {
  return typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string';
}
