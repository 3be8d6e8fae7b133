import { z } from 'zod';
import type { AttributeSetting } from '../../api/schemas/attributes.js';
import { ATTRIBUTE_ERROR_TEXT, ATTRIBUTE_TYPES, type AttributeType } from '../../api/facts/service-facts.js';
import { BUSINESS_IDENTITY_COLUMNS, perBusinessCatalog, type BusinessTarget } from '../business-target.js';
import type { Column } from '../column.js';
import { parseBoolean } from '../columns/boolean-column.js';
import { choiceColumn } from '../columns/choice-column.js';
import { LIST_SEPARATOR, listColumn, TEXT_ITEMS } from '../columns/list-column.js';
import { textColumn } from '../columns/text-column.js';
import { readUrl } from '../columns/url-column.js';
import { defineColumn } from '../define-column.js';
import type { RowFields } from '../create-row-fields-reader.js';
import type { ImportCatalog } from '../resource-catalog.js';
import { requireValue } from '../require-value.js';

const geoIdColumn = textColumn({
  header: 'geo_id',
  trim: true,
  schema: z.string().min(1),
  description: 'Id of the attribute',
  example: 'has_wifi',
});

const typeColumn = choiceColumn({
  header: 'type',
  schema: z.enum(ATTRIBUTE_TYPES),
  choices: ATTRIBUTE_TYPES,
  description: 'Type of the attribute; it tells how to read the value',
  example: 'BOOL',
});

/** BOOL, ENUM and URL values; a boolean from the API exports as true or false and is read back by type. */
const valueColumn = defineColumn<string | boolean>({
  header: 'value',
  schema: z.string().min(1),
  grammar: 'BOOL: true or false; ENUM: one value; URL: an http(s) URL',
  description: 'Value of a BOOL, ENUM or URL attribute',
  example: 'true',
  parse: (cell) => ({ value: String(cell).trim() }),
  format: (value) => String(value),
});

const selectionColumns = (['set_values', 'unset_values'] as const).map((key) =>
  listColumn({
    ...TEXT_ITEMS,
    header: `value.${key}`,
    // Values are ids (`american_express`): one holding a comma or a semicolon is a list typed another way.
    schema: z.array(z.string().regex(/^[^,;]+$/, 'must be value ids')),
    grammar: `values separated by ${LIST_SEPARATOR}`,
    description: `REPEATABLE_ENUM: values to ${key === 'set_values' ? 'select' : 'unselect'}; values in neither list keep their state`,
  }),
);
const [setValuesColumn, unsetValuesColumn] = selectionColumns as [Column, Column];

const urlSchema = z.url({ protocol: /^https?$/, error: ATTRIBUTE_ERROR_TEXT.url });

export type AttributeCatalog = ImportCatalog<BusinessTarget, AttributeSetting>;

/** One row per attribute of a business: `POST /business/{id}/attributes` items, the value read by the row's type. */
export function buildAttributeCatalog(): AttributeCatalog {
  const columns = [...BUSINESS_IDENTITY_COLUMNS, geoIdColumn, typeColumn, valueColumn, ...selectionColumns];
  return perBusinessCatalog('attributes', columns, (fields) => {
    const geoId = requireValue(fields, geoIdColumn, 'give the id of the attribute');
    const type = requireValue(fields, typeColumn, `give one of ${ATTRIBUTE_TYPES.join(', ')}`);
    // The type column's schema is z.enum(ATTRIBUTE_TYPES): a string here is one of them.
    return typeof geoId === 'string' && typeof type === 'string' ? buildSetting(fields, geoId, type as AttributeType) : undefined;
  });
}

function buildSetting(fields: RowFields, geoId: string, type: AttributeType): AttributeSetting | undefined {
  switch (type) {
    case 'REPEATABLE_URL':
      fields.errors.push(`type: ${ATTRIBUTE_ERROR_TEXT.repeatableUrl}`);
      return undefined;
    case 'REPEATABLE_ENUM':
      rejectColumns(fields, [valueColumn], type);
      return buildSelection(fields, geoId);
    case 'BOOL':
    case 'ENUM':
    case 'URL':
      rejectColumns(fields, selectionColumns, type);
      return buildSingleValue(fields, geoId, type);
  }
}

/** Either list may be left empty: the service wants both keys, an empty list changes nothing. */
function buildSelection(fields: RowFields, geoId: string): AttributeSetting | undefined {
  const [set, unset] = [setValuesColumn, unsetValuesColumn].map((column) => fields.values.get(column) as string[] | undefined);
  if (set !== undefined || unset !== undefined) return { type: 'REPEATABLE_ENUM', geo_id: geoId, value: { set_values: set ?? [], unset_values: unset ?? [] } };
  if (!fields.faulty.has(setValuesColumn) && !fields.faulty.has(unsetValuesColumn)) {
    fields.errors.push('value.set_values: missing; give values to select or unselect');
  }
  return undefined;
}

function buildSingleValue(fields: RowFields, geoId: string, type: 'BOOL' | 'ENUM' | 'URL'): AttributeSetting | undefined {
  const value = requireValue(fields, valueColumn, `give the value of the ${type} attribute`);
  if (typeof value !== 'string') return undefined;
  if (type === 'BOOL') {
    const parsed = parseBoolean(value);
    if ('value' in parsed) return { type, geo_id: geoId, value: parsed.value };
    fields.errors.push(`value: ${parsed.error} for a BOOL attribute, got '${value}'`);
    return undefined;
  }
  if (type === 'URL') {
    const url = readUrl(value);
    if ('error' in url || !urlSchema.safeParse(url.value).success) {
      fields.errors.push(`value: ${'error' in url ? url.error : ATTRIBUTE_ERROR_TEXT.url}, got '${value}'`);
      return undefined;
    }
  }
  return { type, geo_id: geoId, value };
}

function rejectColumns(fields: RowFields, columns: readonly Column[], type: string): void {
  for (const column of columns) if (fields.values.has(column)) fields.errors.push(`${column.header}: not used by a ${type} attribute; leave it empty`);
}
