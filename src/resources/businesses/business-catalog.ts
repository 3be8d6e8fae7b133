import type { BusinessUpdate, SpecificHours, WeekHours } from '../../api/schemas/business.js';
import type { CustomFieldReading } from '../../api/schemas/custom-field-reading.js';
import { BUSINESS_IDENTITY_COLUMNS, createBusinessRowReader, storeCodeColumn, type BusinessTarget } from '../business-target.js';
import type { Column } from '../column.js';
import { customFieldColumn } from '../custom-field-column.js';
import type { ImportCatalog } from '../resource-catalog.js';
import { baseColumn } from './base-column.js';
import { buildBusinessFieldColumns } from './business-field-columns.js';
import { buildBusinessReadOnlyColumns } from './business-read-only-columns.js';
import { readCountryCells } from './read-country-cells.js';

/**
 * The payload of one row: a BusinessUpdate, except that a row may set some days of `open_hours`,
 * one list of `specific_hours`, some photos, some custom fields and some fields of the first
 * contact. The import sends each of these fields whole, completed from the current business.
 */
export type BusinessRowUpdate = Omit<BusinessUpdate, 'open_hours' | 'specific_hours'> & {
  open_hours?: Partial<WeekHours>;
  specific_hours?: Partial<SpecificHours>;
};

/**
 * What a row sets, by column: the import merges it with the row's `_base` column by column, then
 * assembles the payload once (assembleBusinessUpdate).
 */
export type BusinessRowValues = ReadonlyMap<Column, unknown>;

export type BusinessCatalog = ImportCatalog<BusinessTarget, BusinessRowValues>;

/** The businesses' columns, custom fields typed by their definitions (none when no API is at hand). */
export function buildBusinessCatalog(customFields: readonly CustomFieldReading[]): BusinessCatalog {
  const columns = [
    ...BUSINESS_IDENTITY_COLUMNS,
    ...buildBusinessFieldColumns(),
    ...customFields.map(customFieldColumn),
    ...buildBusinessReadOnlyColumns(),
  ];
  return {
    resource: 'businesses',
    columns,
    metaColumns: [baseColumn.header],
    createRowReader(sheetColumns, context) {
      const readRow = createBusinessRowReader(columns, sheetColumns, context);
      return (row) => {
        const { cells, notes } = readCountryCells(row.values);
        const { identity, fields } = readRow(cells);
        // With both given, the id finds the business and the code is a field to update.
        if (identity.target !== undefined && 'business_id' in identity.target && identity.code !== undefined) {
          fields.values.set(storeCodeColumn, identity.code);
        }
        return {
          line: row.line,
          target: identity.target,
          update: fields.values,
          errors: [...identity.errors, ...fields.errors],
          ...(notes.length === 0 ? {} : { notes }),
        };
      };
    },
  };
}
