import type { Column } from './column.js';
import type { RowFields } from './create-row-fields-reader.js';

/** The value of a column the row cannot do without; an empty cell adds "column: missing; <what to do>" to the row's errors. */
export function requireValue(fields: RowFields, column: Column, todo: string): unknown {
  const value = fields.values.get(column);
  if (value === undefined && !fields.faulty.has(column)) fields.errors.push(`${column.header}: missing; ${todo}`);
  return value;
}
