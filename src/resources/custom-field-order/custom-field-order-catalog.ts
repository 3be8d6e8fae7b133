import { z } from 'zod';
import { CustomFieldDefinitionSchema } from '../../api/schemas/custom-fields.js';
import { CUSTOM_FIELD_TYPES } from '../../api/service-facts.js';
import { assemblePayload } from '../assemble-payload.js';
import { choiceColumn } from '../columns/choice-column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';
import { readRowFields } from '../read-row-fields.js';
import { selectImportColumns, type ImportCatalog } from '../resource-catalog.js';
import { requireValue } from '../require-value.js';

/**
 * Where one custom field goes. A row may give some of these only: the import completes an
 * `orders` item from the current definitions, and gathers `section_order` per section into
 * `section_orders`.
 */
export interface CustomFieldPlacement {
  order?: number;
  section_id?: number;
  /** Order of the field's section among the sections. */
  section_order?: number;
}

export type CustomFieldOrderCatalog = ImportCatalog<{ id: number }, CustomFieldPlacement>;

// The ordering items of the spec are integers.
const integer = z.int();

const idColumn = numberColumn({ header: 'id', identity: true, schema: integer, description: 'Id of the custom field', example: 12 });

/** One row per custom field: `POST /custom_fields/order`. */
export function buildCustomFieldOrderCatalog(): CustomFieldOrderCatalog {
  const readOnly = true;
  const columns = [
    idColumn,
    numberColumn({ header: 'order', schema: integer, description: 'Position of the field in its section; lower shows first', example: 1 }),
    numberColumn({ header: 'section_id', schema: integer, description: 'Section of the field; another id moves the field there', example: 3 }),
    numberColumn({ header: 'section_order', schema: integer, description: "Position of the field's section; lower shows first", example: 1 }),
    textColumn({ header: 'name', schema: CustomFieldDefinitionSchema.shape.name, readOnly, description: 'Name of the custom field' }),
    choiceColumn({ header: 'type', schema: CustomFieldDefinitionSchema.shape.type, choices: CUSTOM_FIELD_TYPES, readOnly, description: 'Type of the custom field' }),
    textColumn({ header: 'section_name', schema: z.string().nullable(), readOnly, description: 'Name of the section' }),
  ];
  return {
    resource: 'custom-field-order',
    columns,
    createRowReader(sheetColumns, context) {
      const fieldColumns = selectImportColumns(columns, sheetColumns).filter((column) => column !== idColumn);
      return (row) => {
        const identity = readRowFields([idColumn], row.values, context);
        const id = requireValue(identity, idColumn, 'give the id of the custom field');
        const fields = readRowFields(fieldColumns, row.values, context);
        return {
          line: row.line,
          target: typeof id === 'number' ? { id } : undefined,
          update: assemblePayload(fields.values),
          errors: [...identity.errors, ...fields.errors],
        };
      };
    },
  };
}
