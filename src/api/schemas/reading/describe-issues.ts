import type { z } from 'zod';
import { findClosestName } from '../../../find-closest-name.js';
import { cutText } from '../../../cut-text.js';

/** What the flat forms need of an issue: a problem found after parsing (a limit) takes this shape too. */
type IssueAt = Pick<z.core.$ZodIssue, 'path' | 'message'>;

/** Parse with `{reportInput: true}`, so that each issue carries the value at fault. */
export const REPORT_INPUT = { reportInput: true } as const;

/** Drift lines in one error message: the first few tell what changed. */
const SHOWN_DRIFTS = 3;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  array: 'a list',
  object: 'an object',
  record: 'an object',
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

const SHOWN_LENGTH = 40;

/** `contacts.0.phone_numbers is null (expected a list); …`: the form of the report's `unreadable:` lines. */
export function describeUnreadable(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.length === 0 ? 'the item' : issue.path.map(String).join('.')} is ${describeValue(inputAt(issue)) ?? 'missing'} (expected ${describeExpected(issue)})`).join('; ');
}

/** The value at the issue's path: a discriminated union reports the whole item, and the key it went by. */
function inputAt(issue: z.core.$ZodIssue): unknown {
  const { input } = issue;
  if (issue.code !== 'invalid_union' || issue.discriminator === undefined || typeof input !== 'object' || input === null) return input;
  return (input as Record<string, unknown>)[issue.discriminator];
}

/** `the service answered null where a list was expected at businesses[3].contacts; …`: the first few, then how many more. */
export function describeDrift(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues
    .slice(0, SHOWN_DRIFTS)
    .map((issue) => `the service answered ${describeValue(issue.input) ?? 'nothing'} where ${describeExpected(issue)} was expected${issue.path.length === 0 ? '' : ` at ${formatPath(issue.path)}`}`);
  return `${shown.join('; ')}${issues.length > SHOWN_DRIFTS ? ` (and ${issues.length - SHOWN_DRIFTS} more)` : ''}`;
}

/**
 * `id: not the business addressed; status: "queued" where success was expected`: a schema's own
 * words, else what the answer held; the whole answer is `_schema`, as the API names it in its own error details.
 */
export function describeFieldIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      // Zod's own words name its types (`Invalid input: expected "success"`).
      const what = isZodWording(issue) ? `${describeValue(issue.input) ?? 'nothing'} where ${describeExpected(issue)} was expected` : issue.message;
      return `${issue.path.join('.') || '_schema'}: ${what}`;
    })
    .join('; ');
}

const isZodWording = (issue: z.core.$ZodIssue): boolean => issue.message.startsWith('Invalid input');

/** `--max-errors: …`: options named as on the command line, a job file's `max_errors` included; a repeated flag's values share its name. */
export function listFlagIssues(issues: readonly (IssueAt | z.core.$ZodIssue)[], name = (flag: string): string => `--${flag}`): string[] {
  return issues.map((issue) => {
    const flag = issue.path.filter((key) => typeof key !== 'number').join('.').replaceAll('_', '-');
    return `${name(flag)}: ${'code' in issue ? describeSetting(issue) : issue.message}`;
  });
}

/** What an unknown `key` at `path` may stand for (`did you mean source?`), if anything. */
export type SuggestSetting = (path: readonly PropertyKey[], key: string) => string | undefined;

/** `steps[1].export.out: required`: Zod's words, said the way a person fixing a YAML file needs them. */
export function listSettingIssues(issues: readonly z.core.$ZodIssue[], suggest: SuggestSetting = () => undefined): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const hint = suggest(issue.path, key);
        return `${formatPath([...issue.path, key])}: unknown setting${hint === undefined ? '' : ` (${hint})`}`;
      });
    }
    if (issue.code === 'invalid_union') {
      // A value of one of several kinds (a step; an organization or a list of them): the problems of the kind
      // it is, whose own settings it has and which took it whole; else what each kind wanted.
      const kind = issue.errors.find((branch) => branch.every((inner) => (inner.path.length > 0 || inner.code === 'unrecognized_keys') && (inner.path.length !== 1 || !isMissing(inner))));
      if (kind !== undefined) return listSettingIssues(kind.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })), suggest);
    }
    return [`${formatPath(issue.path) || '(top level)'}: ${describeSetting(issue)}`];
  });
}

/** `a list`, `one of open, closed`, `a number or a text`: what the client reads there. */
export function describeExpected(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? issue.expected;
    case 'invalid_value':
      return issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_union': {
      if ('options' in issue && issue.options !== undefined) return `one of ${issue.options.map(String).join(', ')}`;
      // Each branch says what it wanted of the value: a number or a text.
      const wanted = issue.errors.flatMap((branch) => branch.filter((inner) => inner.path.length === 0).map(describeExpected));
      return wanted.length === 0 ? issue.message : [...new Set(wanted)].join(' or ');
    }
    default:
      return issue.message;
  }
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
}

function describeSetting(issue: z.core.$ZodIssue): string {
  if (isMissing(issue)) return 'required';
  // Zod's own words name its types (`expected int`); a schema's own message stays.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && isZodWording(issue)) return `must be ${describeExpected(issue)}`;
  if (issue.code === 'invalid_value') {
    const meant = typeof issue.input === 'string' ? findClosestName(issue.input, issue.values.map(String)) : undefined;
    return `one of ${issue.values.map(String).join(', ')}${meant === undefined ? '' : ` (did you mean ${meant}?)`}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'must not be empty';
  if (issue.code === 'too_small' && issue.origin === 'number') return `must be ${issue.inclusive === true ? 'at least' : 'more than'} ${String(issue.minimum)}`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `must be ${issue.inclusive === true ? 'at most' : 'less than'} ${String(issue.maximum)}`;
  return issue.message;
}

/** `businesses[3].contacts`, the way a JSON or YAML path is written; empty for the whole value. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** `null`, `"permanently_closed"`, `a list`; undefined when the field is missing. Parse with REPORT_INPUT to have it. */
function describeValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return 'a list';
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text.length > SHOWN_LENGTH ? `${cutText(text, SHOWN_LENGTH - 1)}…` : text;
  }
  return 'an object';
}
