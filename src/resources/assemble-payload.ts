import type { Column, FieldPath } from './column.js';

/** Nests the values at their columns' paths: `contacts.0.email` into `contacts[0].email`, `photos.LOGO` into `photos`. */
export function assemblePayload(values: ReadonlyMap<Column, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [column, value] of values) if (column.path !== undefined) setAtPath(payload, column.path, value);
  return payload;
}

function setAtPath(payload: Record<string, unknown>, path: FieldPath, value: unknown): void {
  let node: Record<string | number, unknown> = payload;
  const last = path.length - 1;
  for (let index = 0; index < last; index++) {
    const key = path[index] as string | number;
    node[key] ??= typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[last] as string | number] = value;
}
