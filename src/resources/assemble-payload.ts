import type { Column, FieldPath } from './column.js';

/** Nests the values at their columns' paths: `contacts.0.email` into `contacts[0].email`, `photos.LOGO` into `photos`. */
export function assemblePayload(values: ReadonlyMap<Column, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [column, value] of values) if (column.path !== undefined) setAtPath(payload, column.path, value);
  return payload;
}

function setAtPath(payload: Record<string, unknown>, path: FieldPath, value: unknown): void {
  let node: Record<string | number, unknown> = payload;
  path.forEach((key, index) => {
    const next = path[index + 1];
    if (next === undefined) {
      node[key] = value;
      return;
    }
    node[key] ??= typeof next === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}
