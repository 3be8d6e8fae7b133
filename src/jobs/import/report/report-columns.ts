import { baseColumn } from '../../../resources/base-column.js';

/** The report's own columns: the first four right after the row's key columns, the last two at the end. */
export const REPORT_COLUMNS = ['_row', '_status', '_errors', '_changes', '_target', '_http_status'] as const;

/** The `_` names of the report and of the tool: an input column by one of these is the report's, written anew, never a user's. */
export const RESERVED_COLUMNS: readonly string[] = [...REPORT_COLUMNS, baseColumn.header];

/** A column a user added for themselves (`_note`, `_owner`): written back beside the row in the report, never sent nor checked. */
export function isUserColumn(column: string): boolean {
  return column.startsWith('_') && !RESERVED_COLUMNS.includes(column.toLowerCase());
}
