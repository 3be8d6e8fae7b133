import { readFile } from 'node:fs/promises';
import { isMap, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { formatPath, listSettingIssues, REPORT_INPUT } from '../../api/schemas/reading/describe-issues.js';
import { findClosestName } from '../../find-closest-name.js';
import { findSharedOutputs } from './find-shared-outputs.js';
import { findEscapingPaths } from './find-escaping-paths.js';
import { JobSchema, JobStepSchema, type ExportStep, type Job, type JobStep } from './job-schema.js';
import { DATED_PLACEHOLDER } from '../export/run/remove-stale-parts.js';
import { UserError } from '../../user-error.js';
import { isSpreadsheetPath } from '../../sheets/index.js';
import { jobFilterNaming, readExportFilters } from '../export/export-filters.js';
import { isRecord } from '../../api/schemas/reading/is-record.js';

export class JobFileError extends UserError {
  override name = 'JobFileError';
}

// The first errors point at the mistake; the rest most often follow from it.
const SHOWN_YAML_ERRORS = 3;

export interface LoadJobOptions {
  env: NodeJS.ProcessEnv;
  now: Date;
  /** The files a job reads and writes must stay under it; the process's working directory by default. */
  cwd?: string;
}

/**
 * Reads a job file: YAML, then `${ENV_VAR}`, `{date}`, `{date-Nd}` and `{datetime}` in every string, then the
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
  if (isSpreadsheetPath(file) && (document.errors.length > 0 || !isMap(document.contents))) {
    throw new JobFileError(
      `Could not load the job file ${file}: it is a spreadsheet, and a job file is YAML (see the README's Job files). To check the sheet offline, name it as the source: of an import step and validate that file; to rehearse its import, run listing-bulk import <resource> ${file} --dry-run.`,
    );
  }
  if (document.errors.length > 0) {
    const problems = document.errors.slice(0, SHOWN_YAML_ERRORS).map((error) => {
      const [where] = error.linePos ?? [];
      const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:$/, '');
      return where === undefined ? message : `line ${where.line}, column ${where.col}: ${message}`;
    });
    const more = document.errors.length - problems.length;
    if (more > 0) problems.push(`and ${more} more`);
    throw new JobFileError(`Could not read the job file ${file}: it is not valid YAML (${problems.join('; ')}). Fix the YAML.`);
  }
  const unset: z.core.$ZodIssue[] = [];
  const plain = toPlainValue(document, file);
  const value = interpolate(plain, [], options, unset);
  const parsed = JobSchema.safeParse(value, REPORT_INPUT);
  const problems = listSettingIssues([...unset, ...(parsed.error?.issues ?? [])], suggestSetting);
  // A path with a variable not set is reported as such, not again as the path left without it (`/stores.csv`).
  const unsetPaths = new Set(unset.map((issue) => issue.path.join('.')));
  const steps = parsed.success ? parsed.data.steps : readEachStep(value);
  problems.push(
    ...findEscapingPaths(steps, options.cwd ?? process.cwd(), (setting) => unsetPaths.has(setting)),
    ...findSharedOutputs(steps),
    ...findFilterProblems(steps, unsetPaths),
  );
  if (problems.length > 0 || !parsed.success) {
    throw new JobFileError(`Could not load the job file ${file}: ${problems.join('; ')}. Correct the file.`);
  }
  return { ...parsed.data, steps: parsed.data.steps.map((step, index) => ('export' in step ? withOutPattern(step, plain, index, options.env) : step)) };
}

/** An export step with its `out` as the file (`plain`) writes it, its variables filled and its dates not, when that holds a date. */
function withOutPattern(step: ExportStep, plain: unknown, index: number, env: NodeJS.ProcessEnv): ExportStep {
  const steps = isRecord(plain) && Array.isArray(plain.steps) ? (plain.steps as unknown[]) : [];
  const exported: unknown = steps[index];
  const out = isRecord(exported) && isRecord(exported.export) ? exported.export.out : undefined;
  return typeof out === 'string' && DATED_PLACEHOLDER.test(out) ? { ...step, export: { ...step.export, out_pattern: fillVariables(out, [], env, []) } } : step;
}

/** The steps of a file the schema refused, each read alone: a step that reads is checked further, so the file's problems are all told at once. */
function readEachStep(value: unknown): (JobStep | undefined)[] {
  const steps = isRecord(value) ? value.steps : undefined;
  if (!Array.isArray(steps)) return [];
  return steps.map((step: unknown) => {
    const read = JobStepSchema.safeParse(step);
    return read.success ? read.data : undefined;
  });
}

/** Each export step's filters, read as the step will: told with the file's other problems, before any step runs; one with a placeholder not set is told so already. */
function findFilterProblems(steps: readonly (JobStep | undefined)[], unsetPaths: ReadonlySet<string>): string[] {
  return steps.flatMap((step, index) => {
    if (step === undefined || !('export' in step)) return [];
    const filters = Object.entries(step.export.filters).filter(([name]) => !unsetPaths.has(`steps.${index}.export.filters.${name}`));
    const read = readExportFilters(step.export.resource, Object.fromEntries(filters), jobFilterNaming(index));
    return 'problems' in read ? read.problems : [];
  });
}

/**
 * The setting a misspelt one stands for, or the level a setting belongs at (`on_error` in `import:`);
 * none for a setting of another kind of step (export: beside import:), which is no typo.
 */
function suggestSetting(path: readonly PropertyKey[], key: string): string | undefined {
  const settings = settingsAt(JobSchema, path);
  if (settings.includes(key)) return undefined;
  const parent = path.slice(0, -1);
  if (parent.length > 0 && settingsAt(JobSchema, parent).includes(key)) return `a setting of ${formatPath(parent)}: write it beside ${String(path.at(-1))}:`;
  const meant = findClosestName(key, settings);
  return meant === undefined ? undefined : `did you mean ${meant}?`;
}

/** The settings the schema takes where `path` leads, of every kind a union allows there: what a typo is compared with. */
function settingsAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  const [key, ...rest] = path;
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.core.$ZodType | undefined>;
    if (key === undefined) return Object.keys(shape);
    const setting = shape[String(key)];
    return setting === undefined ? [] : settingsAt(setting, rest);
  }
  if (schema instanceof z.ZodArray) return typeof key === 'number' ? settingsAt(schema.element, rest) : [];
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => settingsAt(option, path));
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return settingsAt(schema.unwrap(), path);
  return [];
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

/** Each variable not set, or set empty, is an issue at its path, reported with the schema's own. */
function interpolate(value: unknown, path: readonly (string | number)[], options: LoadJobOptions, unset: z.core.$ZodIssue[]): unknown {
  if (typeof value === 'string') return interpolateText(value, path, options, unset);
  if (Array.isArray(value)) return value.map((item: unknown, index) => interpolate(item, [...path, index], options, unset));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, [...path, key], options, unset)]));
  }
  return value;
}

function fillVariables(text: string, path: readonly (string | number)[], env: NodeJS.ProcessEnv, unset: z.core.$ZodIssue[]): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
    const value = env[name];
    // Empty, a path would lose a folder (`${CRM_DIR}/stores.csv` as `/stores.csv`): said as such, not as the path left.
    if (value === undefined || value === '') unset.push({ code: 'custom', path: [...path], message: `environment variable ${name} is ${value === undefined ? 'not set' : 'empty'}` });
    return value ?? '';
  });
}

function interpolateText(text: string, path: readonly (string | number)[], { env, now }: LoadJobOptions, unset: z.core.$ZodIssue[]): string {
  const iso = now.toISOString();
  const interpolated = fillVariables(text, path, env, unset)
    .replaceAll('{date}', iso.slice(0, 10))
    .replace(/\{date-(\d{1,4})d\}/g, (_match, days: string) => new Date(now.getTime() - Number(days) * DAY_MS).toISOString().slice(0, 10))
    .replaceAll('{datetime}', `${iso.slice(0, 19).replace(/:/g, '-')}Z`);
  if (PLACEHOLDER_SETTINGS.has(String(path.at(-1)))) {
    for (const [placeholder] of interpolated.matchAll(PLACEHOLDER)) {
      if (LATER_PLACEHOLDERS.includes(placeholder)) continue;
      const meant = findClosestName(placeholder, KNOWN_PLACEHOLDERS);
      unset.push({ code: 'custom', path: [...path], message: `unknown placeholder ${placeholder}${meant === undefined ? '' : ` (did you mean ${meant}?)`}; the placeholders are ${KNOWN_PLACEHOLDERS.join(', ')}` });
    }
  }
  return interpolated;
}

/** Settings that name a file, a folder or a date, where a misspelt placeholder (`{dat}`) would be kept as text: the same file every night. */
const PLACEHOLDER_SETTINGS = new Set(['source', 'report', 'out', 'since', 'until', 'modified-since']);
const PLACEHOLDER = /\{[A-Za-z][\w-]*\}/g;
/** Filled in per step, once its organization and shard are known. */
const LATER_PLACEHOLDERS = ['{org}', '{shard}'];
const KNOWN_PLACEHOLDERS = ['{date}', '{date-Nd}', '{datetime}', ...LATER_PLACEHOLDERS];

const DAY_MS = 86_400_000;
