import { storeCodeColumn } from '../../../resources/business-target.js';
import { describeChange } from '../describe-change.js';

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
