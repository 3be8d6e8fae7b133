import type { BusinessUpdate, SpecificHours, WeekHours } from '../../api/schemas/business.js';
import type { CustomFieldReading } from '../../api/schemas/custom-field-reading.js';
import { BUSINESS_IDENTITY_COLUMNS, createBusinessRowReader, storeCodeColumn, type BusinessTarget } from '../business-target.js';
import type { Column } from '../column.js';
import { customFieldColumn } from '../custom-field-column.js';
import { selectImportColumns, type ImportCatalog } from '../resource-catalog.js';
import { baseColumn } from './base-column.js';
import { buildBusinessFieldColumns } from './business-field-columns.js';
import { buildBusinessReadOnlyColumns } from './business-read-only-columns.js';
import { PendingCell, pendingCustomFieldColumn } from './pending-custom-field-column.js';
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

/**
 * The businesses' columns, custom fields typed by their definitions (none when no API is at hand).
 * `pendingCustomFields` are custom fields whose definition depends on each row's organization: a
 * row holds their filled cells as PendingCell values, for the import to read once it knows the organization.
 */
export function buildBusinessCatalog(customFields: readonly CustomFieldReading[], pendingCustomFields: readonly string[] = []): BusinessCatalog {
  const typed = [...BUSINESS_IDENTITY_COLUMNS, ...buildBusinessFieldColumns(), ...customFields.map(customFieldColumn)];
  const pending = pendingCustomFields.map(pendingCustomFieldColumn);
  const columns = [...typed, ...pending, ...buildBusinessReadOnlyColumns()];
  return {
    resource: 'businesses',
    columns,
    metaColumns: [baseColumn.header],
    createRowReader(sheetColumns, context) {
      const readRow = createBusinessRowReader(typed, sheetColumns, context);
      const pendingInSheet = selectImportColumns(pending, sheetColumns);
      return (row) => {
        const { cells, notes } = readCountryCells(row.values);
        const { identity, fields } = readRow(cells);
        for (const column of pendingInSheet) {
          const cell = cells[column.header];
          if (cell !== undefined && cell !== '') fields.values.set(column, new PendingCell(cell, context));
        }
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
