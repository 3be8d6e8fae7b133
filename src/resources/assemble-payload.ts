import type { Column } from './column.js';
import { setAtPath } from './field-path.js';

/** Nests the values at their columns' paths: `contacts.0.email` into `contacts[0].email`, `photos.LOGO` into `photos`. */
export function assemblePayload(values: ReadonlyMap<Column, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [column, value] of values) if (column.path !== undefined) setAtPath(payload, column.path, value);
  return payload;
}
