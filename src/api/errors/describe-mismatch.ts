import type { z } from 'zod';

/** Where an answer differs from what the client reads, in words: what came, what was expected. */
export interface Mismatch {
  path: readonly PropertyKey[];
  /** `null`, `"permanently_closed"`, `a list`; undefined when the field is missing. */
  got: string | undefined;
  expected: string;
}

/** Parse with `{reportInput: true}`, so that each issue carries the value at fault. */
export const REPORT_INPUT = { reportInput: true } as const;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  array: 'a list',
  object: 'an object',
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

const SHOWN_LENGTH = 40;

export function describeMismatch(issue: z.core.$ZodIssue): Mismatch {
  return { path: issue.path, got: describeValue(issue.input), expected: describeExpected(issue) };
}

/** `contacts.0.phone_numbers is null (expected a list)`: the form of the report's `unreadable:` lines. */
export function describeUnreadable({ path, got, expected }: Mismatch): string {
  const at = path.length === 0 ? 'the item' : path.map(String).join('.');
  return got === undefined ? `${at} is missing (expected ${expected})` : `${at} is ${got} (expected ${expected})`;
}

/** `the service answered null where a list was expected at businesses[3].contacts`. */
export function describeDrift({ path, got, expected }: Mismatch): string {
  const at = path.length === 0 ? '' : ` at ${formatAnswerPath(path)}`;
  return `the service answered ${got ?? 'nothing'} where ${expected} was expected${at}`;
}

function formatAnswerPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join('');
}

function describeValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return 'a list';
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text;
  }
  return 'an object';
}

function describeExpected(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? issue.expected;
    case 'invalid_value':
      return `one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_union': {
      // Each branch says what it wanted of the value: a number or a text.
      const wanted = issue.errors.flatMap((branch) => branch.filter((inner) => inner.path.length === 0).map(describeExpected));
      return wanted.length === 0 ? issue.message : [...new Set(wanted)].join(' or ');
    }
    default:
      return issue.message;
  }
}
