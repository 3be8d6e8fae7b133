import { z } from 'zod';
import { numberOrDigits } from '../reading/other-type.js';
import { eachItem } from '../reading/read-each.js';

/**
 * Where a custom field is and what it is called: what ordering needs, read in each definition of
 * the list; its type and constraints are read apart (CustomFieldDefinitionSchema), so that a
 * definition of a type this client does not know still has its place.
 */
export const PlacedCustomFieldSchema = z.looseObject({
  id: numberOrDigits,
  name: z.string(),
  type: z.string(),
  order: numberOrDigits,
  section_id: numberOrDigits.nullable().optional(),
  section_name: z.string().nullable().optional(),
});
export type PlacedCustomField = z.infer<typeof PlacedCustomFieldSchema>;

/** Answer of `GET /custom_fields`; a definition that does not read is set aside in `unreadable`. */
export const CustomFieldListSchema = z
  .looseObject({ custom_fields: eachItem(PlacedCustomFieldSchema) })
  .transform(({ custom_fields: fields, ...list }) => ({ ...list, custom_fields: fields.items, unreadable: fields.unreadable }));
export type CustomFieldList = z.infer<typeof CustomFieldListSchema>;

/**
 * Body of `POST /custom_fields/order`: lower orders show first; a new section_id moves a field.
 * The published description (2021) requires `orders`: empty when only sections move.
 */
export interface CustomFieldOrder {
  orders: { id: number; order: number; section_id: number }[];
  section_orders?: { id: number; order: number }[];
}
