import { z } from 'zod';
import { isPathId } from '../api/transport/api-request.js';
import { BusinessUpdateSchema } from '../api/schemas/business.js';
import type { CellValue } from '../sheets/index.js';
import type { CellContext } from './cells/cell-context.js';
import type { Column } from './column.js';
import { textColumn } from './columns/text-column.js';
import { createRowFieldsReader, type RowFields } from './create-row-fields-reader.js';
import { describeBusinessTarget, type BusinessTarget } from './describe-business-target.js';
import { selectImportColumns, type ImportCatalog } from './resource-catalog.js';
import type { ResourceName } from './resource-names.js';

export type { BusinessTarget };

const businessIdColumn = textColumn({
  header: 'business_id',
  singleLine: 'code',
  identity: true,
  trim: true,
  text: true,
  // Checked before anything is sent: `..` or `.` would move the request to another endpoint.
  schema: z.string().min(1).refine(isPathId, 'not a business id: only letters, digits, _ and - (or c-<store code>)'),
  description: 'Id of the business, as exports give it; finds the business',
});

export const storeCodeColumn = textColumn({
  header: 'code',
  singleLine: 'code',
  trim: true,
  text: true,
  schema: BusinessUpdateSchema.shape.code.unwrap(),
  description: 'Store code, unique per organization; finds the business when business_id is empty',
  aliases: ['Store Code', 'Store ID', 'Store Number', 'Shop Code', 'Location Code'],
  example: 'EXAMPLE-1',
});

export const BUSINESS_IDENTITY_COLUMNS: readonly Column[] = [businessIdColumn, storeCodeColumn];

export interface BusinessIdentity {
  target: BusinessTarget | undefined;
  /** The store code of the row, whether or not it found the business. */
  code: string | undefined;
  errors: string[];
}

/** Reads how the rows of a sheet find their business: business_id wins when both are given; a row with neither cannot be sent. */
function createBusinessIdentityReader(context: CellContext): (cells: Readonly<Record<string, CellValue>>, flagged?: ReadonlySet<string>) => BusinessIdentity {
  const readFields = createRowFieldsReader(BUSINESS_IDENTITY_COLUMNS, context);
  return (cells, flagged) => {
    const { values, errors, faulty } = readFields(cells);
    // A cell the sheet's reader flagged says no business, whatever it reads as.
    const idFaulty = faulty.has(businessIdColumn) || flagged?.has(businessIdColumn.header) === true;
    const businessId = idFaulty ? undefined : values.get(businessIdColumn);
    const code = flagged?.has(storeCodeColumn.header) === true ? undefined : values.get(storeCodeColumn);
    // A business_id that does not read is still the row's business: its code stands for no other.
    const byCode = typeof code === 'string' && !idFaulty ? { code } : undefined;
    const target = typeof businessId === 'string' ? { business_id: businessId } : byCode;
    if (target === undefined && errors.length === 0) errors.push('business_id: missing; give business_id or code to find the business');
    // Left in a filled template, the example row would cost a search and fail as a store not found.
    if (target !== undefined && 'code' in target && target.code === storeCodeColumn.example) {
      errors.push(`code: '${target.code}' is the template's example row; replace it with your own stores, or delete it`);
    }
    return { target, code: typeof code === 'string' ? code : undefined, errors };
  };
}

/**
 * What every per-business catalog reads from a row, prepared once per sheet: the business it
 * addresses and the row's other import columns.
 */
export function createBusinessRowReader(
  columns: readonly Column[],
  sheetColumns: readonly string[],
  context: CellContext,
): (cells: Readonly<Record<string, CellValue>>, flagged?: ReadonlySet<string>) => { identity: BusinessIdentity; fields: RowFields } {
  const fieldColumns = selectImportColumns(columns, sheetColumns).filter((column) => !BUSINESS_IDENTITY_COLUMNS.includes(column));
  const readIdentity = createBusinessIdentityReader(context);
  const readFields = createRowFieldsReader(fieldColumns, context);
  return (cells, flagged) => ({ identity: readIdentity(cells, flagged), fields: readFields(cells) });
}

/**
 * The catalog of a resource set per business (attributes, services): each row finds its business,
 * and `buildUpdate` makes its request of the other cells; an error it adds to `fields` refuses the row.
 */
export function perBusinessCatalog<Update>(
  resource: ResourceName,
  columns: readonly Column[],
  buildUpdate: (fields: RowFields, cells: Readonly<Record<string, CellValue>>) => Update | undefined,
): ImportCatalog<BusinessTarget, Update> {
  return {
    resource,
    columns,
    describeTarget: describeBusinessTarget,
    createRowReader(sheetColumns, context) {
      const readRow = createBusinessRowReader(columns, sheetColumns, context);
      return (row, faulty) => {
        const { identity, fields } = readRow(row.values, faulty);
        const update = buildUpdate(fields, row.values);
        return { line: row.line, target: identity.target, update, errors: [...identity.errors, ...fields.errors] };
      };
    },
  };
}
