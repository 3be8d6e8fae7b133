import { describeOddValue, findOddValues } from '../../../api/schemas/reading/odd-value.js';
import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import type { Column } from '../../../resources/column.js';
import { readAtPath } from '../../../resources/field-path.js';
import { ClearRequest } from '../../../resources/cells/read-cell.js';
import type { CurrentBusiness } from './complete-business-update.js';
import { isEmptyValue } from '../describe-change.js';

/**
 * `#clear` where the field has no documented empty value: no change when the business has none
 * (nothing is sent), else the row is refused with the reason; the other cells go on as read.
 */
export function resolveClearRequests(values: BusinessRowValues, current: CurrentBusiness): { values: BusinessRowValues } | { errors: string[] } {
  const kept = new Map<Column, unknown>();
  const errors: string[] = [];
  for (const [column, value] of values) {
    if (!(value instanceof ClearRequest)) kept.set(column, value);
    else if (column.path !== undefined && !isEmptyValue(readAtPath(current, column.path))) errors.push(value.describe());
  }
  return errors.length === 0 ? { values: kept } : { errors };
}

/**
 * A field the row sets (changed, or a nested object sent whole from the value read) whose current
 * value did not read: such a write could not be completed, checked or undone, so the row is
 * refused, naming the path. Rows that leave the field alone go on.
 */
export function findUnreadableSends(fields: Iterable<string>, current: CurrentBusiness): string[] {
  return [...new Set(fields)].flatMap((field) =>
    findOddValues(current[field], [field]).map((found) => `${describeOddValue(found)}: the service's value does not read, so this row cannot change ${field}`),
  );
}
