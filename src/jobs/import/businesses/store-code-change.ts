import { storeCodeColumn } from '../../../resources/business-target.js';
import type { BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import { describeRestoredNumber, restoreSpreadsheetNumber } from '../../../resources/cells/spreadsheet-number.js';
import { describeChange } from '../describe-change.js';
import type { CurrentBusiness } from './complete-business-update.js';

/** The row's values with a store code the spreadsheet stripped of its leading zeros read as the business's own (`1` as `000001`), and the note saying so. */
export function restoreCodeFromBusiness(values: BusinessRowValues, current: CurrentBusiness): { values: BusinessRowValues; note: string } | undefined {
  const typed = values.get(storeCodeColumn);
  const code = typeof typed === 'string' && typeof current.code === 'string' ? restoreSpreadsheetNumber(typed, current.code) : undefined;
  if (typeof typed !== 'string' || code === undefined) return undefined;
  return { values: new Map(values).set(storeCodeColumn, code.value), note: describeRestoredNumber(storeCodeColumn.header, typed, code) };
}

/**
 * Why a change of store code is refused, undefined when it may go: a code finds the business in
 * other systems, and a spreadsheet changes one unasked (leading zeros). It goes when the row's
 * `_base` holds the current code (the exported file was edited there) or with --allow-code-changes.
 */
export function refuseCodeChange(change: { current: unknown; file: unknown } | undefined, exportedCode: string | undefined, allowed: boolean): string | undefined {
  if (change === undefined || allowed || (exportedCode !== undefined && exportedCode === change.current)) return undefined;
  return `${describeChange(storeCodeColumn.header, change.current, change.file)} is not sent: a store code changes only from an exported file whose _base holds the current code, or with --allow-code-changes`;
}

/** `_changes` with the store code's first: a change of code must not hide among the others. */
export function listCodeChangeFirst(changes: readonly string[]): string[] {
  const prefix = `${storeCodeColumn.header}: `;
  return [...changes.filter((change) => change.startsWith(prefix)), ...changes.filter((change) => !change.startsWith(prefix))];
}
