import type { Logger } from 'pino';
import { describeMismatch, describeUnreadable, REPORT_INPUT } from '../../api/describe-mismatch.js';
import type { OrgApi } from '../../api/org-api.js';
import { businessReadSchema } from '../../api/schemas/business-read.js';
import { isRawCustomField } from '../../api/schemas/custom-field-reading.js';
import { readCustomFieldDefinitions } from '../read-custom-field-definitions.js';
import { describeCheck, type ConformanceCheck } from './conformance-check.js';
import { fieldOf } from './raw-items.js';

/** Lines of drift shown in the table; --json lists them all. */
const SHOWN = 3;

/**
 * Reads the organization's custom field definitions as the jobs do, then every business of the
 * first pages with the schema the businesses export and import read them with.
 */
export async function checkBusinessesRead(api: OrgApi, businesses: readonly unknown[], logger: Logger): Promise<ConformanceCheck[]> {
  const fields = await readCustomFieldDefinitions(api, logger);
  const raw = fields.filter(isRawCustomField);
  const types =
    raw.length === 0
      ? describeCheck('custom-field-types', 'ok', `${fields.length} custom field(s), every type known`, 'every custom_fields.* column is typed and imported')
      : describeCheck(
          'custom-field-types',
          'warning',
          `${raw.length} of ${fields.length} custom field(s) cannot be typed: ${raw.map((field) => field.name).join(', ')}`,
          'those columns are exported as JSON text and left alone on import; every other column works',
          raw.map((field) => `${field.name}: ${field.problem}`),
        );

  const schema = businessReadSchema(fields);
  const drifts = businesses.flatMap((item) => {
    const parsed = schema.safeParse(item, REPORT_INPUT);
    if (parsed.success) return [];
    return [`business ${String(fieldOf(item, 'id'))}: ${parsed.error.issues.map((issue) => describeUnreadable(describeMismatch(issue))).join('; ')}`];
  });
  const read =
    drifts.length === 0
      ? describeCheck('businesses-read', 'ok', `${businesses.length} business(es) read`, 'exports and imports read every business')
      : describeCheck(
          'businesses-read',
          'warning',
          `${drifts.length} of ${businesses.length} business(es) do not read: ${drifts.slice(0, SHOWN).join(' | ')}${drifts.length > SHOWN ? ' | …' : ''}`,
          'each goes to the report as unreadable, with its id and path, and is left alone; the others are exported and imported',
          drifts,
        );
  return [types, read];
}
