import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.js';
import { businessReadSchema } from '../../../api/schemas/business-read.js';
import type { Column } from '../../../resources/column.js';
import { CUSTOM_FIELD_PREFIX, customFieldColumn } from '../../../resources/custom-field-column.js';
import { readCustomFieldDefinitions } from '../../read-custom-field-definitions.js';
import type { CurrentBusiness } from './complete-business-update.js';

/** One organization's custom fields, as the rows of its businesses are read and compared with them. */
export interface OrgCustomFieldColumns {
  readonly orgId: number;
  /**
   * The column of a custom field named as the sheet names it, in any case as headers are matched,
   * with the sheet's header; the same column each time; undefined when the organization has none.
   */
  find(name: string): Column | undefined;
  /** A business of the organization, its custom fields typed as with --org. */
  readonly schema: z.ZodType<CurrentBusiness>;
}

/**
 * The custom field definitions of each organization the rows turn out to belong to, for a key that
 * reads none without naming one (a PROVIDER without --org): read the first time a row of that
 * organization needs them, charged to its budget, then kept for the rest of the import.
 */
export class OrgCustomFields {
  private readonly readings = new Map<number, Promise<OrgCustomFieldColumns>>();

  constructor(
    private readonly client: ApiClient,
    private readonly logger: Logger,
  ) {}

  read(orgId: number): Promise<OrgCustomFieldColumns> {
    let reading = this.readings.get(orgId);
    if (reading === undefined) {
      // A failed read stays failed: the organization's other rows fail alike rather than each spending the retries again.
      reading = this.readOrg(orgId);
      this.readings.set(orgId, reading);
    }
    return reading;
  }

  private async readOrg(orgId: number): Promise<OrgCustomFieldColumns> {
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
    return { orgId, find, schema: businessReadSchema(fields) };
  }
}
