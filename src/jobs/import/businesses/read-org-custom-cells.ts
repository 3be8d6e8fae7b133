import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import { PendingCell } from '../../../resources/businesses/pending-custom-field-column.js';
import type { Column } from '../../../resources/column.js';
import { CUSTOM_FIELD_PREFIX } from '../../../resources/custom-field-column.js';
import { readCell } from '../../../resources/read-cell.js';
import type { OrgCustomFieldColumns } from './org-custom-fields.js';

/** A row's values and columns once its organization's custom fields are known. */
export interface OrgRow {
  values: BusinessRowValues;
  /** The sheet's columns, each custom field's the organization's own: the merge, diff, plan and undo file compare and format with it. */
  columns: readonly Column[];
}

/** Whether the row holds custom field cells still to read against its business's organization. */
export function hasPendingCells(values: BusinessRowValues): boolean {
  for (const value of values.values()) if (value instanceof PendingCell) return true;
  return false;
}

/**
 * Reads a row's pending custom field cells with its organization's columns, as an import with
 * --org reads them: a cell that does not fit refuses the row with the usual `column: why`, and so
 * does a filled cell of a field the organization lacks. A field the client cannot type is left
 * alone, as with --org.
 */
export function readOrgCustomCells(values: BusinessRowValues, columns: readonly Column[], org: OrgCustomFieldColumns): OrgRow | { errors: string[] } {
  const read = new Map<Column, unknown>();
  const errors: string[] = [];
  for (const [column, value] of values) {
    if (!(value instanceof PendingCell)) {
      read.set(column, value);
      continue;
    }
    const name = column.header.slice(CUSTOM_FIELD_PREFIX.length);
    const orgColumn = org.find(name);
    if (orgColumn === undefined) {
      errors.push(`${column.header}: organization ${org.orgId} has no custom field '${name}'`);
      continue;
    }
    if (orgColumn.readOnly) continue;
    const reading = readCell(orgColumn, value.cell, value.context);
    if (reading === undefined) continue;
    if ('errors' in reading) errors.push(...reading.errors);
    else read.set(orgColumn, reading.value);
  }
  if (errors.length > 0) return { errors };
  return { values: read, columns: columns.map((column) => findOrgColumn(column, org) ?? column) };
}

function findOrgColumn(column: Column, org: OrgCustomFieldColumns): Column | undefined {
  if (!column.header.startsWith(CUSTOM_FIELD_PREFIX)) return undefined;
  const orgColumn = org.find(column.header.slice(CUSTOM_FIELD_PREFIX.length));
  return orgColumn?.readOnly === false ? orgColumn : undefined;
}
