import { z } from 'zod';
import { CustomFieldDefinitionSchema } from './custom-fields.js';

/** Answer of `GET /custom_fields`. */
export const CustomFieldListSchema = z.looseObject({ custom_fields: z.array(CustomFieldDefinitionSchema) });
export type CustomFieldList = z.infer<typeof CustomFieldListSchema>;

/** Body of `POST /custom_fields/order`: lower orders show first; a new section_id moves a field. */
export interface CustomFieldOrder {
  orders?: { id: number; order: number; section_id: number }[];
  section_orders?: { id: number; order: number }[];
}
