import type { FeedbackValidationIssue } from '../../pipeline/responses.js';

type Path = (string | number)[];

// Builders of the feedback endpoints' validation issues, worded and typed like the service's (pydantic) answers.

const issue = (path: Path, msg: string, type: string): FeedbackValidationIssue => ({ loc: ['query', ...path], msg, type });

export const fieldRequired = (name: string): FeedbackValidationIssue => issue([name], 'Field required', 'missing');

export const notAnInteger = (path: Path): FeedbackValidationIssue =>
  issue(path, 'Input should be a valid integer, unable to parse string as an integer', 'int_parsing');

export const belowMinimum = (path: Path, min: number): FeedbackValidationIssue =>
  issue(path, `Input should be greater than or equal to ${min}`, 'greater_than_equal');

export const aboveMaximum = (path: Path, max: number): FeedbackValidationIssue =>
  issue(path, `Input should be less than or equal to ${max}`, 'less_than_equal');

export const notAmong = (path: Path, allowed: readonly string[]): FeedbackValidationIssue => {
  const quoted = allowed.map((value) => `'${value}'`);
  const last = quoted.pop() ?? '';
  return issue(path, `Input should be ${quoted.length === 0 ? last : `${quoted.join(', ')} or ${last}`}`, 'enum');
};

export const notADateTime = (path: Path): FeedbackValidationIssue => issue(path, 'Input should be a valid datetime', 'datetime_parsing');

export const notABoolean = (path: Path): FeedbackValidationIssue =>
  issue(path, 'Input should be a valid boolean, unable to interpret input', 'bool_parsing');
