import { z } from 'zod';
import type { AttributeSetting } from '../../api/schemas/attributes.js';
import { ATTRIBUTE_ERROR_TEXT, ATTRIBUTE_TYPES, WRITABLE_ATTRIBUTE_TYPES, type AttributeType } from '../../api/facts/service-facts.js';
import { BUSINESS_IDENTITY_COLUMNS, perBusinessCatalog, type BusinessTarget } from '../business-target.js';
import type { Column } from '../column.js';
import { parseBoolean } from '../columns/boolean-column.js';
import { choiceColumn } from '../columns/choice-column.js';
import { createChoiceFinder } from '../columns/find-choice.js';
import { LIST_SEPARATOR, listColumn, TEXT_ITEMS } from '../columns/list-column.js';
import { textColumn } from '../columns/text-column.js';
import { readUrl } from '../columns/url-column.js';
import { defineColumn } from '../define-column.js';
import type { ImportCatalog } from '../resource-catalog.js';
import { requireValue } from '../require-value.js';

const geoIdColumn = textColumn({
  header: 'geo_id',
  singleLine: 'code',
  trim: true,
  schema: z.string().min(1),
  description: 'Id of the attribute',
  example: 'has_wifi',
});

const typeColumn = choiceColumn({
  header: 'type',
  // REPEATABLE_URL still reads, to be refused as no longer supported, but is offered nowhere.
  schema: z.enum(ATTRIBUTE_TYPES, { error: `must be one of ${WRITABLE_ATTRIBUTE_TYPES.join(', ')}` }),
  choices: WRITABLE_ATTRIBUTE_TYPES,
  description: 'Type of the attribute; it tells how to read the value (empty: the business\'s, in diff mode)',
  example: 'BOOL',
});

/** BOOL, ENUM and URL values; a boolean from the API exports as true or false and is read back by type. */
const valueColumn = defineColumn<string | boolean>({
  header: 'value',
  singleLine: 'code',
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

/** The cells of a row's value, read by the attribute's type. */
export interface AttributeCells {
  value?: string;
  set_values?: string[];
  unset_values?: string[];
}

/** A row of the sheet: a setting, or, without a type, the cells its business's attributes will type (diff mode). */
export type AttributeRow = AttributeSetting | { type: undefined; geo_id: string; cells: AttributeCells };

export type AttributeCatalog = ImportCatalog<BusinessTarget, AttributeRow>;

const VALUE_COLUMNS: readonly Column[] = [valueColumn, setValuesColumn, unsetValuesColumn];

/**
 * One row per attribute of a business: `POST /business/{id}/attributes` items, the value read by
 * the row's type, or by the business's; `typeRequired` where no attributes are read (a patch).
 */
export function buildAttributeCatalog({ typeRequired = false }: { typeRequired?: boolean } = {}): AttributeCatalog {
  const columns = [...BUSINESS_IDENTITY_COLUMNS, geoIdColumn, typeColumn, valueColumn, ...selectionColumns];
  return perBusinessCatalog('attributes', columns, (fields) => {
    const geoId = requireValue(fields, geoIdColumn, 'give the id of the attribute');
    // A cell that does not read has its error already: nothing to build the value from.
    if (typeof geoId !== 'string' || fields.faulty.has(typeColumn) || VALUE_COLUMNS.some((column) => fields.faulty.has(column))) return undefined;
    const cells: AttributeCells = {
      value: fields.values.get(valueColumn) as string | undefined,
      set_values: fields.values.get(setValuesColumn) as string[] | undefined,
      unset_values: fields.values.get(unsetValuesColumn) as string[] | undefined,
    };
    // The type column's schema is z.enum(ATTRIBUTE_TYPES): a string here is one of them.
    const type = (typeRequired ? requireValue(fields, typeColumn, `give one of ${WRITABLE_ATTRIBUTE_TYPES.join(', ')} (a patch reads no attributes to learn it from)`) : fields.values.get(typeColumn)) as AttributeType | undefined;
    if (type === undefined) return typeRequired ? undefined : { type: undefined, geo_id: geoId, cells };
    const built = buildAttributeSetting(geoId, type, cells);
    if ('errors' in built) fields.errors.push(...built.errors);
    return 'setting' in built ? built.setting : undefined;
  });
}

/** The setting of an attribute of a type, from the row's cells; the errors of the cells that do not fit it. */
export function buildAttributeSetting(geoId: string, type: AttributeType, cells: AttributeCells): { setting: AttributeSetting } | { errors: string[] } {
  switch (type) {
    case 'REPEATABLE_URL':
      return { errors: [`type: ${ATTRIBUTE_ERROR_TEXT.repeatableUrl}`] };
    case 'REPEATABLE_ENUM': {
      const unused = cells.value === undefined ? [] : [`value: not used by a ${type} attribute; leave it empty`];
      const { set_values: set, unset_values: unset } = cells;
      if (set === undefined && unset === undefined) return { errors: [...unused, 'value.set_values: missing; give values to select or unselect'] };
      // A value in both lists (added to set_values, left in the unset_values an export wrote) means neither: any case, as labels read.
      const findSelected = createChoiceFinder(set ?? []);
      const both = (unset ?? []).filter((value) => set?.includes(findSelected(value)) === true);
      const errors = both.length === 0 ? unused : [...unused, `value.unset_values: ${both.map((value) => `'${value}'`).join(', ')} ${both.length === 1 ? 'is' : 'are'} in value.set_values too; keep each value in one list, value.set_values to select it or value.unset_values to unselect it`];
      // Either list may be left empty: the service wants both keys, an empty list changes nothing.
      return errors.length > 0 ? { errors } : { setting: { type, geo_id: geoId, value: { set_values: set ?? [], unset_values: unset ?? [] } } };
    }
    case 'BOOL':
    case 'ENUM':
    case 'URL': {
      const unused = (['set_values', 'unset_values'] as const).filter((key) => cells[key] !== undefined).map((key) => `value.${key}: not used by a ${type} attribute; leave it empty`);
      const value = readSingleValue(type, cells.value);
      const errors = [...unused, ...('error' in value ? [value.error] : [])];
      return errors.length > 0 || !('setting' in value) ? { errors } : { setting: { ...value.setting, geo_id: geoId } };
    }
  }
}

type SingleValue = { type: 'BOOL'; value: boolean } | { type: 'ENUM' | 'URL'; value: string };

function readSingleValue(type: 'BOOL' | 'ENUM' | 'URL', value: string | undefined): { setting: SingleValue } | { error: string } {
  if (value === undefined) return { error: `value: missing; give the value of the ${type} attribute` };
  if (type === 'BOOL') {
    const parsed = parseBoolean(value);
    return 'value' in parsed ? { setting: { type, value: parsed.value } } : { error: `value: ${parsed.error} for a BOOL attribute, got '${value}'` };
  }
  if (type === 'URL') {
    const url = readUrl(value);
    if ('error' in url || !urlSchema.safeParse(url.value).success) return { error: `value: ${'error' in url ? url.error : ATTRIBUTE_ERROR_TEXT.url}, got '${value}'` };
  }
  return { setting: { type, value } };
}
