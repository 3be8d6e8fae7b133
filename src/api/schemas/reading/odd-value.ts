import { cutText } from '../../../cut-text.js';

/** Where a value sits in a record: `['contacts', 0, 'email']`. */
type FieldPath = readonly (string | number)[];

/**
 * A value of the service's that fits nothing the client reads at its place (an object where a text
 * was expected): kept as it came, with what was expected, so that only work that needs it stops.
 */
export class OddValue {
  constructor(
    readonly raw: unknown,
    /** `a text`, `a list`, `one of …`. */
    readonly expected: string,
  ) {}
}

const SAVED_KEY = '$oddValue';

/** For JSON.stringify: an odd value saved as JSON (an export's saved pages) stays one when read back with reviveOddValue. */
export function saveOddValue(_key: string, value: unknown): unknown {
  return value instanceof OddValue ? { [SAVED_KEY]: { raw: value.raw, expected: value.expected } } : value;
}

/** For JSON.parse: an odd value saved by saveOddValue. */
export function reviveOddValue(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, SAVED_KEY)) return value;
  const { raw, expected } = (value as Record<typeof SAVED_KEY, { raw: unknown; expected: string }>)[SAVED_KEY];
  return new OddValue(raw, expected);
}

/** An odd value found in a record, where it sits. */
export interface FoundOddValue {
  path: FieldPath;
  odd: OddValue;
}

/** Every odd value under `value`, depth first. */
export function findOddValues(value: unknown, path: FieldPath = []): FoundOddValue[] {
  if (value instanceof OddValue) return [{ path, odd: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => findOddValues(item, [...path, Array.isArray(value) ? Number(key) : key]));
}

/** The value as the service sent it: each odd value back to its raw form. */
export function toRawValue(value: unknown): unknown {
  if (value instanceof OddValue) return value.raw;
  if (Array.isArray(value)) return value.map(toRawValue);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toRawValue(item)]));
  return value;
}

/** `contacts.0.email is 42 (expected a text)`. */
export function describeOddValue({ path, odd }: FoundOddValue): string {
  return `${path.map(String).join('.')} is ${describeRaw(odd.raw)} (expected ${odd.expected})`;
}

const SHOWN_LENGTH = 40;

function describeRaw(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > SHOWN_LENGTH ? `${cutText(text, SHOWN_LENGTH - 1)}…` : text;
}
