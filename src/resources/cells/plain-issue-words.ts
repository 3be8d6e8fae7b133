import type { z } from 'zod';

const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

/**
 * Words for the issues whose schema gives no message of its own (Zod's defaults read "Too big:
 * expected number to be <=90"). Passed per parse, so the API schemas' own messages still win.
 */
export const PLAIN_ISSUE_WORDS = { error: describeIssue };

function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return `must ${describeBound(issue.origin, issue.inclusive === false ? 'less than' : 'at most', issue.maximum)}`;
    case 'too_small':
      return `must ${describeBound(issue.origin, issue.inclusive === false ? 'more than' : 'at least', issue.minimum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown keys ${issue.keys.join(', ')}`;
    case 'invalid_union':
      // The first alternative is the meaningful one (an URL, rather than the empty string also accepted).
      return issue.errors[0]?.[0]?.message;
    default:
      return undefined;
  }
}

function describeBound(origin: string, relation: string, bound: number | bigint): string {
  if (origin === 'string') return `be ${relation} ${bound} characters`;
  if (origin === 'array' || origin === 'set') return `hold ${relation} ${bound} ${bound === 1 ? 'item' : 'items'}`;
  return `be ${relation} ${bound}`;
}
