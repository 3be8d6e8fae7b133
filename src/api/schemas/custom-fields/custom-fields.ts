import { z } from 'zod';
import { CUSTOM_FIELD_TYPES } from '../../facts/service-facts.js';
import { eachOnce } from '../each-once.js';
import { numberOrDigits } from '../reading/other-type.js';

/** A bound or a slug said as null is not set, as one left out: a TEXT field with `max_len: null` has no limit. */
const unset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? undefined, schema.optional());

/** A custom field definition as `GET /custom_fields` returns it. */
export const CustomFieldDefinitionSchema = z.looseObject({
  id: numberOrDigits,
  name: z.string(),
  slug: unset(z.string()),
  type: z.enum(CUSTOM_FIELD_TYPES),
  order: numberOrDigits,
  section_id: numberOrDigits.nullable(),
  section_name: z.string().nullable().optional(),
  max_len: unset(z.number()),
  min: unset(z.number()),
  max: unset(z.number()),
  possible_values: z.array(z.string()).optional(),
  max_selected_values: unset(z.number()),
  text_fields: z.array(z.string()).optional(),
});
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>;

/** What a value is checked against: the type and its constraints. */
export type CustomFieldConstraints = Pick<
  CustomFieldDefinition,
  'type' | 'max_len' | 'min' | 'max' | 'possible_values' | 'max_selected_values' | 'text_fields'
>;

function selection(definition: CustomFieldConstraints) {
  const allowed = definition.possible_values ?? [];
  const item = z.string().refine((value) => allowed.includes(value), { message: `must be one of ${allowed.join(', ')}` });
  const list = z.array(item).check(eachOnce('select each value'));
  const max = definition.max_selected_values;
  return max === undefined ? list : list.max(max, `must hold at most ${max} values`);
}

function bounded(schema: z.ZodNumber, definition: CustomFieldConstraints): z.ZodNumber {
  let out = schema;
  if (definition.min !== undefined) out = out.min(definition.min, `must be at least ${definition.min}`);
  if (definition.max !== undefined) out = out.max(definition.max, `must be at most ${definition.max}`);
  return out;
}

/** The schema of a business's value for one custom field; null clears it. */
export function customFieldValueSchema(definition: CustomFieldConstraints): z.ZodType {
  switch (definition.type) {
    case 'BOOLEAN':
      return z.boolean({ error: 'must be a boolean' }).nullable();
    case 'TEXT': {
      const text = z.string({ error: 'must be a string' });
      return (definition.max_len === undefined ? text : text.max(definition.max_len, `must be at most ${definition.max_len} characters`)).nullable();
    }
    case 'INTEGER':
      return bounded(z.number({ error: 'must be an integer' }).int('must be an integer'), definition).nullable();
    case 'FLOAT':
      return bounded(z.number({ error: 'must be a number' }), definition).nullable();
    case 'SINGLE_SELECT': {
      const allowed = definition.possible_values ?? [];
      return z.string().refine((value) => allowed.includes(value), { message: `must be one of ${allowed.join(', ')}` }).nullable();
    }
    case 'MULTIPLE_SELECT':
    case 'MULTIPLE_SELECT_IMAGE':
      return selection(definition).nullable();
    case 'IMAGES_UPLOADER': {
      const textKeys = definition.text_fields ?? [];
      return z
        .array(
          z.strictObject({
            url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
            texts: z.record(z.string(), z.string()).refine((texts) => Object.keys(texts).every((key) => textKeys.includes(key)), {
              message: `text keys must be among ${textKeys.join(', ')}`,
            }),
          }),
        )
        .nullable();
    }
  }
}
