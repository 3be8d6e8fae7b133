import type { BusinessUpdate, SpecificHours, WeekHours } from '../../api/schemas/business.js';
import type { CustomFieldReading } from '../../api/schemas/custom-fields/custom-field-reading.js';
import { BUSINESS_IDENTITY_COLUMNS, createBusinessRowReader, storeCodeColumn, type BusinessTarget } from '../business-target.js';
import type { Column } from '../column.js';
import { customFieldColumn } from '../custom-field-column.js';
import { selectImportColumns, type ImportCatalog } from '../resource-catalog.js';
import type { CellValue } from '../../sheets/index.js';
import { baseColumn, readRowBase, type RowSnapshot } from '../base-column.js';
import { describeBusinessTarget } from '../describe-business-target.js';
import { buildBusinessFieldColumns } from './business-field-columns.js';
import { buildBusinessReadOnlyColumns } from './business-read-only-columns.js';
import { findReadOnlyEdits } from './find-read-only-edits.js';
import { PendingCell, pendingCustomFieldColumn } from './pending-custom-field-column.js';
import { readAgainstBase } from './read-against-base.js';
import { PHONES, PhonesAwaitingCountry, readCountryCells } from './read-country-cells.js';

/**
 * The payload of one row: a BusinessUpdate, except that a row may set some days of `open_hours`,
 * one list of `specific_hours`, some photos, some custom fields and some fields of the first
 * contact. The import sends each of these fields whole, completed from the current business.
 */
export type BusinessRowUpdate = Omit<BusinessUpdate, 'open_hours' | 'specific_hours'> & {
  open_hours?: Partial<WeekHours>;
  specific_hours?: Partial<SpecificHours>;
};

/** What a row sets, by column: the import plans each column against its business (planBusinessRow), then assembles the payload. */
export type BusinessRowValues = ReadonlyMap<Column, unknown>;

export type BusinessCatalog = ImportCatalog<BusinessTarget, BusinessRowValues>;

/**
 * With `skipCellsAsExported` (diff mode), a cell still as its `_base` recorded it is no change of the
 * file's, and is not read at all: a value the client did not read from the service (a status it does
 * not know, a value exported as JSON text) goes back untouched instead of refusing the row.
 *
 * The businesses' columns, custom fields typed by their definitions (none when no API is at hand).
 * `pendingCustomFields` are custom fields whose definition depends on each row's organization: a
 * row holds their filled cells as PendingCell values, for the import to read once it knows the organization.
 */
export function buildBusinessCatalog(
  customFields: readonly CustomFieldReading[],
  pendingCustomFields: readonly string[] = [],
  { skipCellsAsExported = false }: { skipCellsAsExported?: boolean } = {},
): BusinessCatalog {
  const typed = [...BUSINESS_IDENTITY_COLUMNS, ...buildBusinessFieldColumns(), ...customFields.map(customFieldColumn)];
  const pending = pendingCustomFields.map(pendingCustomFieldColumn);
  const columns = [...typed, ...pending, ...buildBusinessReadOnlyColumns()];
  const readOnly = columns.filter((column) => column.readOnly);
  const byHeader = new Map(typed.map((column) => [column.header, column]));
  // Read-only cells are read back from `_base` too (digits a spreadsheet rounded), before they are compared with it.
  const againstBase = new Map([...byHeader, ...readOnly.map((column) => [column.header, column] as const)]);
  const phonesColumn = byHeader.get(PHONES);
  return {
    resource: 'businesses',
    columns,
    metaColumns: [baseColumn.header],
    describeTarget: describeBusinessTarget,
    createRowReader(sheetColumns, context) {
      const readRow = createBusinessRowReader(typed, sheetColumns, context);
      const pendingInSheet = selectImportColumns(pending, sheetColumns);
      return (row, faulty) => {
        const read = readRowBase(row.values);
        const snapshot = read === 'edited' ? undefined : read;
        const base = readAgainstBase(row.values, snapshot, againstBase, context);
        const { cells: countryCells, notes, awaiting, errors: countryErrors = [] } = readCountryCells(base.cells);
        notes.unshift(...base.notes);
        const asExported = skipCellsAsExported && snapshot !== undefined ? snapshot : undefined;
        const cells = asExported === undefined ? countryCells : blankCellsAsExported(base.cells, countryCells, asExported);
        const { identity, fields } = readRow(cells, faulty);
        if (awaiting !== undefined && phonesColumn !== undefined && !(asExported !== undefined && isAsExported(row.values, PHONES, asExported))) {
          fields.values.set(phonesColumn, new PhonesAwaitingCountry(awaiting, context));
        }
        // A `_base` of another business is refused as such (the round trip): its read-only cells are no edit.
        const ownBase = identity.target !== undefined && 'business_id' in identity.target && identity.target.business_id === snapshot?.id;
        for (const column of pendingInSheet) {
          const cell = cells[column.header];
          if (cell !== undefined && cell !== '') fields.values.set(column, new PendingCell(cell, context, ownBase ? snapshot.cells[column.header] : undefined));
        }
        const readOnlyEdits = ownBase ? findReadOnlyEdits(base.cells, snapshot, readOnly, context) : [];
        // With both given, the id finds the business and the code is a field to update.
        if (identity.target !== undefined && 'business_id' in identity.target && identity.code !== undefined) {
          fields.values.set(storeCodeColumn, identity.code);
        }
        return {
          line: row.line,
          target: identity.target,
          update: fields.values,
          errors: [...base.errors, ...readOnlyEdits, ...countryErrors, ...identity.errors, ...fields.errors],
          ...(notes.length === 0 ? {} : { notes }),
        };
      };
    },
  };
}

/**
 * `read` with each field cell that still holds what `_base` recorded (as typed, or read back from it:
 * a text a spreadsheet cut) emptied; identity cells stay, to find the business.
 */
function blankCellsAsExported(readBack: Readonly<Record<string, CellValue>>, read: Readonly<Record<string, CellValue>>, snapshot: RowSnapshot): Readonly<Record<string, CellValue>> {
  const blanked: Record<string, CellValue> = { ...read };
  for (const header of Object.keys(snapshot.cells)) {
    if (!IDENTITY_HEADERS.has(header) && isAsExported(readBack, header, snapshot)) blanked[header] = '';
  }
  return blanked;
}

const isAsExported = (raw: Readonly<Record<string, CellValue>>, header: string, snapshot: RowSnapshot): boolean => {
  const cell = snapshot.cells[header];
  return cell !== undefined && cell !== '' && String(raw[header] ?? '') === cell;
};

const IDENTITY_HEADERS: ReadonlySet<string> = new Set(BUSINESS_IDENTITY_COLUMNS.map((column) => column.header));
