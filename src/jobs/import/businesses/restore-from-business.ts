import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import { describeRestoredNumber, restoreSpreadsheetNumber } from '../../../resources/cells/spreadsheet-number.js';
import { readAtPath } from '../../../resources/field-path.js';
import type { CurrentBusiness } from './complete-business-update.js';

/**
 * The row's values with each text kept as text (codes, zip codes, company numbers) that a
 * spreadsheet stripped of its leading zeros read as the business's own (`1` as `000001`), and the
 * notes saying so: a file without `_base` (a CRM's, saved again by a spreadsheet) has only the read.
 */
export function restoreFromBusiness(values: BusinessRowValues, current: CurrentBusiness): { values: BusinessRowValues; notes: string[] } {
  const restored = new Map(values);
  const notes: string[] = [];
  for (const [column, value] of values) {
    const known = column.text && column.path !== undefined ? readAtPath(current, column.path) : undefined;
    const number = typeof value === 'string' && typeof known === 'string' ? restoreSpreadsheetNumber(value, known) : undefined;
    if (typeof value !== 'string' || number === undefined) continue;
    restored.set(column, number.value);
    notes.push(describeRestoredNumber(column.header, value, number));
  }
  return { values: restored, notes };
}
