import { readFile } from 'node:fs/promises';
import { parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { findEscapingPaths } from './find-escaping-paths.js';
import { JobSchema, type Job } from './job-schema.js';
import { UserError } from '../../user-error.js';

export class JobFileError extends UserError {
  override name = 'JobFileError';
}

export interface LoadJobOptions {
  env: NodeJS.ProcessEnv;
  now: Date;
  /** The files a job reads and writes must stay under it; the process's working directory by default. */
  cwd?: string;
}

/**
 * Reads a job file: YAML, then `${ENV_VAR}`, `{date}` and `{datetime}` in every string, then the
 * schema and the paths (under the working directory). Every problem is reported at once, each
 * with its path in the file.
 */
export async function loadJob(file: string, options: LoadJobOptions): Promise<Job> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new JobFileError(`Could not read the job file ${file}: it does not exist or cannot be opened. Check the path.`);
  }
  const document = parseDocument(text);
  if (document.errors.length > 0) {
    const problems = document.errors.map((error) => `line ${error.linePos?.[0].line ?? '?'}: ${error.message.split('\n')[0] ?? ''}`);
    throw new JobFileError(`Could not read the job file ${file}: it is not valid YAML (${problems.join('; ')}). Fix the YAML.`);
  }
  const problems: string[] = [];
  const interpolated = interpolate(toPlainValue(document, file), [], options, problems);
  const parsed = JobSchema.safeParse(interpolated);
  if (!parsed.success) problems.push(...describeIssues(parsed.error.issues));
  else problems.push(...findEscapingPaths(parsed.data, options.cwd ?? process.cwd()));
  if (problems.length > 0 || !parsed.success) {
    throw new JobFileError(`Could not load the job file ${file}: ${problems.join('; ')}. Correct the file.`);
  }
  return parsed.data;
}

/** yaml refuses aliases that expand without end (a "billion laughs" file) by throwing: said here with the file's name. */
function toPlainValue(document: Document, file: string): unknown {
  try {
    return document.toJS();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new JobFileError(`Could not read the job file ${file}: its aliases (*name) expand too far (${reason}). Write the values out, or use fewer aliases.`, { cause: error });
  }
}

function interpolate(value: unknown, path: readonly (string | number)[], options: LoadJobOptions, problems: string[]): unknown {
  if (typeof value === 'string') return interpolateText(value, path, options, problems);
  if (Array.isArray(value)) return value.map((item: unknown, index) => interpolate(item, [...path, index], options, problems));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, [...path, key], options, problems)]));
  }
  return value;
}

function interpolateText(text: string, path: readonly (string | number)[], { env, now }: LoadJobOptions, problems: string[]): string {
  const iso = now.toISOString();
  return text
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
      const value = env[name];
      if (value === undefined) problems.push(`${formatPath(path)}: environment variable ${name} is not set`);
      return value ?? '';
    })
    .replaceAll('{date}', iso.slice(0, 10))
    .replaceAll('{datetime}', `${iso.slice(0, 19).replace(/:/g, '-')}Z`);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown setting`);
    if (issue.code === 'invalid_union') {
      // A step is an import or an export: report the problems of the kind it names.
      const kind = issue.errors.find((branch) => branch.every((inner) => inner.code !== 'unrecognized_keys' || inner.path.length > 0));
      if (kind !== undefined) return describeIssues(kind.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
      return [`${formatPath(issue.path)}: a step holds either import: or export:`];
    }
    return [`${formatPath(issue.path)}: ${describeIssue(issue)}`];
  });
}

/** Zod's words, said the way a person fixing a YAML file needs them. */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return 'required';
  if (issue.code === 'invalid_value') return `one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'must not be empty';
  if (issue.code === 'too_small' && issue.origin === 'number') return `must be ${issue.inclusive === true ? 'at least' : 'more than'} ${String(issue.minimum)}`;
  return issue.message;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}
