import { OddValue } from '../api/schemas/reading/odd-value.js';
import type { FieldPath } from './column.js';

/**
 * The value under a field path (`contacts.0.phone_numbers` reads `contacts[0].phone_numbers`);
 * undefined where the path leaves the record. A value on the way that did not read is the value of
 * everything under it: `contacts` given as an object makes `contacts.0.name` unreadable too.
 */
export function readAtPath(record: unknown, path: readonly PropertyKey[]): unknown {
  let node = record;
  for (const key of path) {
    if (node instanceof OddValue) return node;
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** Sets a value under a field path, creating the lists and objects on the way (a list where the next key is a number). */
export function setAtPath(record: Record<string, unknown>, path: FieldPath, value: unknown): void {
  let node: Record<string | number, unknown> = record;
  const last = path.length - 1;
  for (let index = 0; index < last; index++) {
    const key = path[index] as string | number;
    node[key] ??= typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[last] as string | number] = value;
}
