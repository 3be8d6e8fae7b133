import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.js';
import { businessReadSchema } from '../../../api/schemas/business-read.js';
import { readEach } from '../../../api/schemas/reading/read-each.js';
import { findClosestName } from '../../../find-closest-name.js';
import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import { findReadOnlyEdits } from '../../../resources/businesses/find-read-only-edits.js';
import { PendingCell } from '../../../resources/businesses/pending-custom-field-column.js';
import type { Column } from '../../../resources/column.js';
import { CUSTOM_FIELD_PREFIX, customFieldColumn } from '../../../resources/custom-field-column.js';
import { readCell } from '../../../resources/cells/read-cell.js';
import { readCustomFieldDefinitions } from '../../read-custom-field-definitions.js';
import type { CurrentBusiness } from './complete-business-update.js';

/** A row as its organization reads it: its values, its columns (each custom field the organization's own) and its business. */
export interface OrgRow {
  values: BusinessRowValues;
  columns: readonly Column[];
  current: CurrentBusiness;
}

/** One organization's custom fields, as the rows of its businesses are read and compared with them. */
interface OrgColumns {
  readonly orgId: number;
  /** The column of a custom field as the sheet names it (in any case, as headers are matched), with the sheet's header; undefined when the organization has none. */
  find(name: string): Column | undefined;
  /** Its custom fields' names, to name the one a sheet's column may mean. */
  readonly names: readonly string[];
  /** A business of the organization, its custom fields typed as with --org. */
  readonly schema: z.ZodType<CurrentBusiness>;
}

/**
 * The custom fields of each organization the rows turn out to belong to, for a key that reads none
 * without naming one (a PROVIDER without --org): a row holds its custom field cells as PendingCell
 * until its business is read; the organization's definitions are read the first time one of its
 * rows needs them, charged to its budget, then kept for the rest of the import.
 */
export class OrgCustomFields {
  private readonly readings = new Map<number, Promise<OrgColumns>>();

  /** The definitions read, one request per organization: the run's summary counts them. */
  get reads(): number {
    return this.readings.size;
  }

  constructor(
    private readonly client: ApiClient,
    private readonly logger: Logger,
  ) {}

  /**
   * The row as an import with --org reads it: a cell that does not fit refuses it (`invalid`), as
   * does a filled cell of a field the organization lacks; a business whose custom fields do not
   * read fails it. A field the client cannot type is left alone. Throws when the definitions do not read.
   */
  async readRow({ values, columns, current }: OrgRow): Promise<OrgRow | { status: 'invalid' | 'failed'; errors: string[] }> {
    if (![...values.values()].some((value) => value instanceof PendingCell)) return { values, columns, current };
    const org = await this.read(current.org_id);
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
        const closest = findClosestName(name, org.names);
        const meant = closest === undefined ? '' : ` (did you mean ${CUSTOM_FIELD_PREFIX + closest}?)`;
        errors.push(`${column.header}: organization ${org.orgId} has no custom field '${name}'${meant}; empty the cell in the rows of its businesses`);
      }
      if (orgColumn?.readOnly === true && value.exported !== undefined) {
        errors.push(...findReadOnlyEdits({ [column.header]: value.cell }, { id: current.id, cells: { [orgColumn.header]: value.exported } }, [orgColumn], value.context));
      }
      if (orgColumn === undefined || orgColumn.readOnly) continue;
      const reading = readCell(orgColumn, value.cell, value.context);
      if (reading !== undefined && 'errors' in reading) errors.push(...reading.errors);
      else if (reading !== undefined) read.set(orgColumn, reading.value);
    }
    if (errors.length > 0) return { status: 'invalid', errors };
    const { items, unreadable } = readEach([current], org.schema);
    const [typed] = items;
    if (typed === undefined) return { status: 'failed', errors: unreadable.map(({ problem }) => `unreadable: ${problem}`) };
    return { values: read, columns: columns.map((column) => findOrgColumn(column, org) ?? column), current: typed };
  }

  private read(orgId: number): Promise<OrgColumns> {
    let reading = this.readings.get(orgId);
    if (reading === undefined) {
      // A failed read stays failed: the organization's other rows fail alike rather than each spending the retries again.
      reading = this.readOrg(orgId);
      this.readings.set(orgId, reading);
    }
    return reading;
  }

  private async readOrg(orgId: number): Promise<OrgColumns> {
    const fields = await readCustomFieldDefinitions(this.client.org(orgId), this.logger.child({ org: orgId }));
    const columns = fields.map((field) => ({ name: field.name, column: customFieldColumn(field) }));
    const byName = new Map(columns.map(({ name, column }) => [name, column]));
    const byLowerName = new Map(columns.map(({ name, column }) => [name.toLowerCase(), column]));
    const found = new Map<string, Column | undefined>();
    const find = (name: string): Column | undefined => {
      if (found.has(name)) return found.get(name);
      const column = byName.get(name) ?? byLowerName.get(name.toLowerCase());
      const header = CUSTOM_FIELD_PREFIX + name;
      // The plan, the undo file and errors name the sheet's column, whatever the case of the definition.
      const headed = column === undefined || column.header === header ? column : { ...column, header };
      found.set(name, headed);
      return headed;
    };
    return { orgId, find, names: fields.map((field) => field.name), schema: businessReadSchema(fields) };
  }
}

function findOrgColumn(column: Column, org: OrgColumns): Column | undefined {
  if (!column.header.startsWith(CUSTOM_FIELD_PREFIX)) return undefined;
  const orgColumn = org.find(column.header.slice(CUSTOM_FIELD_PREFIX.length));
  return orgColumn?.readOnly === false ? orgColumn : undefined;
}
