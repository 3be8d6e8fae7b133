import { z } from 'zod';
import { CustomFieldDefinitionSchema } from '../../api/schemas/custom-fields/custom-fields.js';
import { CUSTOM_FIELD_TYPES } from '../../api/facts/service-facts.js';
import { assemblePayload } from '../assemble-payload.js';
import { choiceColumn } from '../columns/choice-column.js';
import { numberColumn } from '../columns/number-column.js';
import { textColumn } from '../columns/text-column.js';
import { createRowFieldsReader } from '../create-row-fields-reader.js';
import { selectImportColumns, type ImportCatalog } from '../resource-catalog.js';
import { requireValue } from '../require-value.js';
import type { Column } from '../column.js';
import type { CellValue } from '../../sheets/index.js';
import { baseColumn, readRowBase } from '../base-column.js';
import { COMMA_CONTEXT } from '../cells/cell-context.js';
import { readCell } from '../cells/read-cell.js';

/**
 * Where one custom field goes (a field row), or one section (a section row: section_order only).
 * A field row may give some of these only: the import completes an `orders` item from the current
 * definitions, and gathers `section_order` per section into `section_orders`.
 */
export interface CustomFieldPlacement {
  order?: number;
  section_id?: number;
  /** Order of the field's section among the sections. */
  section_order?: number;
  /** The read-only cells the row fills: never sent, compared with the definitions, so that an edit to one is not taken for no change. */
  shown?: ShownCells;
  /** What `_base` recorded of a field row at export (`edited` when it does not read): the import sends what the file changed since. */
  exported?: ExportedPlacement | 'edited';
}

/** A field row's places as exported, and the id of the field they were exported for. */
export interface ExportedPlacement {
  id: string;
  order: number | undefined;
  section_id: number | undefined;
  section_order: number | undefined;
  shown: ShownCells | undefined;
}

/** The read-only cells of a row, as typed: the name and type of its field, and the name of its section. */
export type ShownCells = Partial<Record<keyof typeof SHOWN_COLUMNS, string>>;

/** A field row finds its field by id; a row without id places the section given by section_id. */
export type CustomFieldOrderTarget = { id: number } | { section_id: number };

export type CustomFieldOrderCatalog = ImportCatalog<CustomFieldOrderTarget, CustomFieldPlacement>;

// The ordering items of the spec are integers.
const integer = z.int();

const idColumn = numberColumn({ header: 'id', identity: true, schema: integer, description: 'Id of the custom field; empty on a section row', example: 12 });
const orderColumn = numberColumn({ header: 'order', schema: integer, description: 'Position of the field in its section; lower shows first', example: 1 });
const sectionIdColumn = numberColumn({ header: 'section_id', schema: integer, description: 'Section of the field; another id moves the field there', example: 3 });
const sectionOrderColumn = numberColumn({
  header: 'section_order',
  schema: integer,
  description:
    "Position of the field's section, or on a row without id of the section given by section_id; lower shows first. On a row that moves its field, the order of the section it leaves places no section",
  example: 1,
});

const PLACE_COLUMNS = [idColumn, orderColumn, sectionIdColumn, sectionOrderColumn];
const EXAMPLE_PLACE = PLACE_COLUMNS.slice(1)
  .map((column) => String(column.example))
  .join(', ');

const readOnly = true;
/** Exported beside the places to say what each row is, by header; the order import sends none of them. */
export const SHOWN_COLUMNS = {
  name: textColumn({ header: 'name', schema: CustomFieldDefinitionSchema.shape.name, readOnly, description: 'Name of the custom field' }),
  type: choiceColumn({ header: 'type', schema: CustomFieldDefinitionSchema.shape.type, choices: CUSTOM_FIELD_TYPES, readOnly, description: 'Type of the custom field' }),
  section_name: textColumn({ header: 'section_name', schema: z.string().nullable(), readOnly, description: 'Name of the section' }),
};

/** One row per custom field or section: `POST /custom_fields/order`. */
export function buildCustomFieldOrderCatalog(): CustomFieldOrderCatalog {
  const columns = [idColumn, orderColumn, sectionIdColumn, sectionOrderColumn, ...Object.values(SHOWN_COLUMNS)];
  return {
    resource: 'custom-field-order',
    columns,
    metaColumns: [baseColumn.header],
    createRowReader(sheetColumns, context) {
      const fieldColumns = selectImportColumns(columns, sheetColumns).filter((column) => column !== idColumn);
      const readIdentity = createRowFieldsReader([idColumn], context);
      const readFields = createRowFieldsReader(fieldColumns, context);
      return (row) => {
        const identity = readIdentity(row.values);
        const fields = readFields(row.values);
        const shown = readShownCells(row.values);
        const sectionId = fields.values.get(sectionIdColumn);
        if (!identity.values.has(idColumn) && !identity.faulty.has(idColumn) && typeof sectionId === 'number') {
          requireValue(fields, sectionOrderColumn, 'give the position of the section (a row without id places a section)');
          if (fields.values.has(orderColumn)) fields.errors.push('order: places a field; give its id, or leave order empty on a section row');
          return { line: row.line, target: { section_id: sectionId }, update: { ...assemblePayload(fields.values), ...shown }, errors: fields.errors };
        }
        const id = requireValue(identity, idColumn, 'give the id of the custom field');
        // Left in a filled template, the example row would move a real field: its id and section may exist.
        if (shown.shown === undefined && PLACE_COLUMNS.every((column) => (column === idColumn ? id : fields.values.get(column)) === column.example)) {
          identity.errors.push(`id: ${String(id)} with order, section_id and section_order ${EXAMPLE_PLACE} is the template's example row; replace it with your own custom fields, or delete it`);
        }
        const exported = readExportedPlacement(row.values);
        return {
          line: row.line,
          target: typeof id === 'number' ? { id } : undefined,
          update: { ...assemblePayload(fields.values), ...shown, ...(exported === undefined ? {} : { exported }) },
          errors: [...identity.errors, ...fields.errors],
        };
      };
    },
  };
}

function readExportedPlacement(cells: Readonly<Record<string, CellValue>>): ExportedPlacement | 'edited' | undefined {
  const base = readRowBase(cells);
  if (base === undefined || base === 'edited') return base;
  // A base holds the cells as its file was written; the comma context reads a `;` file's too.
  const read = (column: Column): number | undefined => {
    const reading = readCell(column, base.cells[column.header] ?? '', COMMA_CONTEXT);
    return reading !== undefined && 'value' in reading && typeof reading.value === 'number' ? reading.value : undefined;
  };
  return { id: base.id, order: read(orderColumn), section_id: read(sectionIdColumn), section_order: read(sectionOrderColumn), shown: readShownCells(base.cells).shown };
}

function readShownCells(cells: Readonly<Record<string, CellValue | undefined>>): { shown?: ShownCells } {
  const shown: ShownCells = {};
  for (const header of Object.keys(SHOWN_COLUMNS) as (keyof typeof SHOWN_COLUMNS)[]) {
    const cell = cells[header];
    const text = typeof cell === 'string' ? cell.trim() : '';
    if (text !== '') shown[header] = text;
  }
  return Object.keys(shown).length === 0 ? {} : { shown };
}
