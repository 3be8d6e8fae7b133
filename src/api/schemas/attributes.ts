import { z } from 'zod';
import type { AttributeType } from '../facts/service-facts.js';
import { eachItem } from './reading/read-each.js';

/** A list said as null, or not at all, is empty. */
const values = z.array(z.string()).nullish().transform((list) => list ?? []);
const SelectionSchema = z.looseObject({ set_values: values, unset_values: values });

/** An attribute as read; one the business has not set reads as null, its value said as null or not at all. */
function attribute<T extends AttributeType, V extends z.ZodType>(type: T, value: V) {
  return z.looseObject({ type: z.literal(type), geo_id: z.string(), value: value.nullable().default(null) });
}

export const BusinessAttributeSchema = z.discriminatedUnion('type', [
  attribute('BOOL', z.boolean()),
  attribute('ENUM', z.string()),
  attribute('REPEATABLE_ENUM', SelectionSchema),
  attribute('URL', z.string()),
  attribute('REPEATABLE_URL', z.array(z.string())),
]);
export type BusinessAttribute = z.infer<typeof BusinessAttributeSchema>;

/** Answer of `GET /business/{id}/attributes`; an attribute that does not read (a type the spec does not name) is set aside in `unreadable`, named by its geo_id. */
export const AttributesSchema = z.looseObject({ attributes: eachItem(BusinessAttributeSchema, 'geo_id') });
export type Attributes = z.infer<typeof AttributesSchema>;

/** An attribute to write. REPEATABLE_URL is no longer writable (place action links replace it). */
export type AttributeSetting =
  | { type: 'BOOL'; geo_id: string; value: boolean }
  | { type: 'ENUM' | 'URL'; geo_id: string; value: string }
  | { type: 'REPEATABLE_ENUM'; geo_id: string; value: { set_values: string[]; unset_values: string[] } };
