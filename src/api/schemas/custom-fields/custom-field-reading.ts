import { z } from 'zod';
import type { CustomFieldDefinition } from './custom-fields.js';

/**
 * A custom field whose definition this client cannot type (a type it does not know, select values
 * that are not texts, no section_id): its values are kept as JSON text, and imports leave them alone.
 */
export interface RawCustomField {
  kind: 'raw';
  name: string;
  /** Why the definition does not read, e.g. `type is "DATE" (expected one of BOOLEAN, …)`. */
  problem: string;
}

/** A custom field as the businesses' columns read it: typed by its definition, or raw. */
export type CustomFieldReading = CustomFieldDefinition | RawCustomField;

export function isRawCustomField(field: CustomFieldReading): field is RawCustomField {
  return field.kind === 'raw';
}

const ImageSchema = z.looseObject({ url: z.string(), texts: z.record(z.string(), z.string()) });

/** The type of a business's value for one custom field, as its column formats it; null is an empty value. */
export function customFieldReadSchema(field: CustomFieldReading): z.ZodType {
  if (isRawCustomField(field)) return z.unknown();
  switch (field.type) {
    case 'BOOLEAN':
      return z.boolean().nullable();
    case 'TEXT':
    case 'SINGLE_SELECT':
      return z.string().nullable();
    case 'INTEGER':
    case 'FLOAT':
      return z.number().nullable();
    case 'MULTIPLE_SELECT':
    case 'MULTIPLE_SELECT_IMAGE':
      return z.array(z.string()).nullable();
    case 'IMAGES_UPLOADER':
      return z.array(ImageSchema).nullable();
  }
}
