import type { Logger } from 'pino';
import { readField } from '../../api/checks/read-field.js';
import type { OrgApi } from '../../api/org-api.js';
import { businessReadSchema } from '../../api/schemas/business-read.js';
import { describeOddValue, findOddValues } from '../../api/schemas/reading/odd-value.js';
import { BUSINESS_STATUSES } from '../../api/facts/service-facts.js';
import { isRawCustomField } from '../../api/schemas/custom-fields/custom-field-reading.js';
import { readCustomFieldDefinitions } from '../read-custom-field-definitions.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';

/** Lines of drift shown in the table; --json lists them all. */
const SHOWN = 3;

/**
 * Reads the organization's custom field definitions as the jobs do, then every business of the
 * first pages field by field, as the businesses export and import read them: `ok` when every value
 * reads (what was read leniently noted), a warning naming each value that fits nothing; not checked
 * when the pages were not read (`undefined`).
 */
export async function checkBusinessesRead(api: OrgApi, businesses: readonly unknown[] | undefined, logger: Logger): Promise<ConformanceCheck[]> {
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

  if (businesses === undefined) return [types, notChecked('businesses-read', 'business-pages failed')];
  const schema = businessReadSchema(fields);
  const lenient = new Set<string>();
  const odd = businesses.flatMap((item) => {
    noteLenientReadings(item, lenient);
    const parsed = schema.safeParse(item);
    if (!parsed.success) return [`business ${String(readField(item, 'id'))}: its id or organization does not read`];
    return findOddValues(parsed.data).map((found) => `business ${parsed.data.id}: ${describeOddValue(found)}`);
  });
  const note = lenient.size === 0 ? '' : `; read leniently: ${[...lenient].join(', ')}`;
  const read =
    odd.length === 0
      ? describeCheck('businesses-read', 'ok', `${businesses.length} business(es) read${note}`, 'exports and imports read every business, field by field')
      : describeCheck(
          'businesses-read',
          'warning',
          `${odd.length} value(s) do not read: ${odd.slice(0, SHOWN).join(' | ')}${odd.length > SHOWN ? ' | …' : ''}${note}`,
          "exports write each as the JSON text the service sent (a warning in errors.csv); imports refuse only a row that changes that field; everything else goes on",
          odd,
        );
  return [types, read];
}

/** What the service says its own way, which the client reads as its contract's: named once each, for the note. */
function noteLenientReadings(item: unknown, notes: Set<string>): void {
  if (typeof item !== 'object' || item === null) return;
  const business = item as Record<string, unknown>;
  if (Array.isArray(business.custom_fields)) notes.add('custom_fields as a list');
  if (typeof business.status === 'string' && !(BUSINESS_STATUSES as readonly string[]).includes(business.status)) notes.add(`status "${business.status}"`);
  if (hasNull(business)) notes.add('null for empty values');
}

function hasNull(value: unknown): boolean {
  if (value === null) return true;
  return typeof value === 'object' && Object.values(value).some(hasNull);
}
