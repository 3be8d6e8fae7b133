import { z } from 'zod';
import { isRawCustomField, type CustomFieldReading, type RawCustomField } from '../api/schemas/custom-fields/custom-field-reading.js';
import { customFieldValueSchema, type CustomFieldDefinition } from '../api/schemas/custom-fields/custom-fields.js';
import type { Column } from './column.js';
import { booleanColumn } from './columns/boolean-column.js';
import { choiceColumn, createChoiceReader } from './columns/choice-column.js';
import { jsonColumn } from './columns/json-column.js';
import { LIST_SEPARATOR, listColumn } from './columns/list-column.js';
import { numberColumn } from './columns/number-column.js';
import { textColumn } from './columns/text-column.js';

/** What the header of a custom field's column starts with; the field's name follows. */
export const CUSTOM_FIELD_PREFIX = 'custom_fields.';

/** The column of one custom field, typed by its definition from `GET /custom_fields`. */
export function customFieldColumn(field: CustomFieldReading): Column {
  return isRawCustomField(field) ? rawCustomFieldColumn(field) : typedCustomFieldColumn(field);
}

/** A custom field this client cannot type: its values as JSON text, read-only, so that no import writes a value it cannot check. */
function rawCustomFieldColumn(field: RawCustomField): Column {
  const column = jsonColumn({
    header: CUSTOM_FIELD_PREFIX + field.name,
    path: ['custom_fields', field.name],
    schema: z.unknown(),
    readOnly: true,
    grammar: 'JSON',
    description: `Custom field '${field.name}' as JSON (read-only: its definition does not read, ${field.problem})`,
  });
  // A cell typed without JSON's quotes (2020-01-01 for "2019-04-01") reads as its text: still an edit, which the import refuses rather than drops unseen.
  return {
    ...column,
    parse(cell, context) {
      const parsed = column.parse(cell, context);
      return 'error' in parsed ? { value: String(cell) } : parsed;
    },
  };
}

function typedCustomFieldColumn(definition: CustomFieldDefinition): Column {
  const base = {
    header: CUSTOM_FIELD_PREFIX + definition.name,
    // Explicit: a custom field's name may hold dots.
    path: ['custom_fields', definition.name],
    schema: customFieldValueSchema(definition),
    description: `Custom field '${definition.name}'${definition.section_name == null ? '' : ` (${definition.section_name})`}`,
  };
  const choices = definition.possible_values ?? [];
  switch (definition.type) {
    case 'BOOLEAN':
      return booleanColumn({ ...base, example: true });
    case 'TEXT':
      return textColumn({
        ...base,
        // Kept as text in XLSX, and read back from `_base` when a spreadsheet rewrote its digits: ids and numbers live in such fields.
        text: true,
        grammar: definition.max_len === undefined ? 'text' : `text of at most ${definition.max_len} characters`,
        example: 'Ask for the manager'.slice(0, definition.max_len),
      });
    case 'INTEGER':
    case 'FLOAT':
      return numberColumn({ ...base, example: definition.min ?? 0 });
    case 'SINGLE_SELECT':
      return choiceColumn({ ...base, choices, example: choices[0] });
    case 'MULTIPLE_SELECT':
    case 'MULTIPLE_SELECT_IMAGE': {
      const readChoice = createChoiceReader(choices);
      const max = definition.max_selected_values === undefined ? '' : ` (at most ${definition.max_selected_values})`;
      return listColumn({
        ...base,
        grammar: `values among ${choices.join(', ')} separated by ${LIST_SEPARATOR}${max}`,
        example: choices.slice(0, 1),
        parseItem: readChoice,
        formatItem: (item) => item,
      });
    }
    case 'IMAGES_UPLOADER': {
      const texts = Object.fromEntries((definition.text_fields ?? []).map((key) => [key, `Image ${key}`]));
      return jsonColumn({
        ...base,
        grammar: `JSON such as ${JSON.stringify([{ url: 'https://…', texts }])}`,
        example: [{ url: 'https://www.example.com/images/front.jpg', texts }],
      });
    }
  }
}
