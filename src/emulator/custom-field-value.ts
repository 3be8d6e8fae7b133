import { z } from 'zod';
import { httpUrl, isoDate } from './formats.js';
import type { CustomField } from './state-types.js';

/**
 * What a business's value of `field` must be (public facts, Custom fields: the type and its
 * constraints). Null clears a value: the spec is silent, and a value that could never be removed
 * would be a trap.
 */
export function customFieldValueSchema(field: CustomField): z.ZodType {
  return valueOf(field).nullable();
}

function valueOf(field: CustomField): z.ZodType {
  switch (field.type) {
    case 'BOOLEAN':
      return z.boolean({ error: 'must be a boolean' });
    case 'TEXT':
      return atMost(z.string({ error: 'must be a string' }), field.max_len, (max) => `must be at most ${max} characters`);
    case 'INTEGER':
      return within(z.int({ error: 'must be an integer' }), field);
    case 'FLOAT':
      return within(z.number({ error: 'must be a number' }), field);
    case 'SINGLE_SELECT':
      return oneOf(field.possible_values ?? []);
    case 'MULTIPLE_SELECT':
    case 'MULTIPLE_SELECT_IMAGE':
      return atMost(z.array(oneOf(field.possible_values ?? []), { error: 'must be a list' }), field.max_selected_values, (max) => `must hold at most ${max} values`);
    case 'IMAGES_UPLOADER':
      return z.array(imageWithTexts(field.text_fields ?? []), { error: 'must be a list' });
    case 'DATE':
      return isoDate;
  }
}

function oneOf(allowed: readonly string[]): z.ZodType<string> {
  return z.string({ error: 'must be a string' }).refine((value) => allowed.includes(value), `must be one of ${allowed.join(', ')}`);
}

function within(number: z.ZodNumber, { min, max }: CustomField): z.ZodNumber {
  const above = min === undefined ? number : number.min(min, `must be at least ${min}`);
  return max === undefined ? above : above.max(max, `must be at most ${max}`);
}

function atMost<T extends z.ZodString | z.ZodArray>(schema: T, max: number | undefined, message: (max: number) => string): T {
  return max === undefined ? schema : (schema.max(max, message(max)) as T);
}

/** An IMAGES_UPLOADER item: an image URL and its texts, keyed by the field's `text_fields`. */
function imageWithTexts(textKeys: readonly string[]) {
  const texts = z.record(z.string(), z.string()).refine((value) => Object.keys(value).every((key) => textKeys.includes(key)), {
    message: `text keys must be among ${textKeys.join(', ')}`,
  });
  return z.strictObject({ url: httpUrl, texts });
}
