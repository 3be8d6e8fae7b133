import { z } from 'zod';
import { EXPORT_RESOURCE_ALIASES, EXPORT_RESOURCES } from '../export/export-resource-names.js';
import { IMPORT_RESOURCE_ALIASES } from '../../resources/resource-names.js';
import { IMPORT_RESOURCES } from '../import/import-sheet.js';
import { ImportLimitsSchema, listLimitProblems } from '../import/breakers/import-limits.js';
import { IMPORT_MODES } from '../import/import-options.js';
import { CSV_DIALECT_NAMES } from '../../sheets/index.js';
import { DATE_FORMATS, DECIMAL_SEPARATORS } from '../../resources/cells/cell-context.js';

const LITERAL_KEY = 'an API key must not be written in a job file: name the variable that holds it (key_env) or a file (key_file)';

const positiveInt = z.int().positive();
/** `all`: every organization the key reaches, known from the businesses it can read. */
const orgIds = z.union([positiveInt, z.array(positiveInt).min(1), z.literal('all')]);

/** Refuses a literal key under any of the names people give it. */
const noLiteralKey = { key: z.never(LITERAL_KEY).optional(), api_key: z.never(LITERAL_KEY).optional(), apiKey: z.never(LITERAL_KEY).optional() };

const ApiSettingsSchema = z.strictObject({
  /** Defaults to LISTING_API_URL. */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** Name of the environment variable holding the key; LISTING_API_KEY by default. */
  key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
  key_file: z.string().min(1).optional(),
  rate_per_minute: z.number().positive().optional(),
  concurrency: positiveInt.optional(),
  /** Retry budgets in seconds, as --max-rate-wait, --max-retry-after and --max-outage. */
  max_rate_wait: z.number().nonnegative().optional(),
  max_retry_after: z.number().nonnegative().optional(),
  max_outage: z.number().nonnegative().optional(),
  ...noLiteralKey,
});

/** A file a step reads or writes: a job names its files, and runs with no one to pipe into it or read from it. */
const stepFile = z.string().min(1).refine((path) => path.trim() !== '-', 'must name a file: - (standard input or output) is for the command line only (import <resource> -, export --out -)');

const stepBase = {
  name: z.string().min(1).optional(),
  on_error: z.enum(['continue', 'stop']).default('stop'),
  /** PROVIDER keys: the organization, several, or `all` (the step runs once per organization; `{org}` in paths). */
  org: orgIds.optional(),
};

export const ImportStepSchema = z.strictObject({
  ...stepBase,
  import: z.strictObject({
    resource: z.preprocess((name) => (typeof name === 'string' ? (IMPORT_RESOURCE_ALIASES[name] ?? name) : name), z.enum(IMPORT_RESOURCES)),
    source: stepFile,
    sheet: z.string().min(1).optional(),
    mode: z.enum(IMPORT_MODES).default('diff'),
    dry_run: z.boolean().default(false),
    ...ImportLimitsSchema.shape,
    report: stepFile.optional(),
    /** The import's --ignore-columns, --date-format, --decimal-separator and --allow-code-changes. */
    ignore_columns: z.array(z.string().min(1)).optional(),
    /** The import's --rename-columns: the sheet's header name, then the column it is read as. */
    rename_columns: z.record(z.string().min(1), z.string().min(1)).optional(),
    date_format: z.enum(DATE_FORMATS).optional(),
    decimal_separator: z.enum(DECIMAL_SEPARATORS).optional(),
    allow_code_changes: z.boolean().optional(),
    /** Forget the journal an earlier run left in `report` instead of resuming it. */
    restart: z.boolean().default(false),
  }).superRefine((step, context) => {
    for (const problem of listLimitProblems(step.resource, step)) context.addIssue({ code: 'custom', ...problem });
  }),
});

const ExportStepSchema = z.strictObject({
  ...stepBase,
  export: z.strictObject({
    resource: z.preprocess((name) => (typeof name === 'string' ? (EXPORT_RESOURCE_ALIASES[name] ?? name) : name), z.enum(EXPORT_RESOURCES)),
    out: stepFile,
    /** CSV files: the export's --csv-dialect. */
    csv_dialect: z.enum(CSV_DIALECT_NAMES).optional(),
    /** The CLI's filter flags, by their long names without dashes. */
    filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])).default({}),
  }),
});

/** One step of a job file: read alone too, so that a file whose other steps are wrong still has this one's paths and filters checked. */
export const JobStepSchema = z.union([ImportStepSchema, ExportStepSchema], { error: 'a step holds either import: or export:' });

export const JobSchema = z.strictObject({
  name: z.string().min(1),
  api: ApiSettingsSchema.default({}),
  /** Run the conformance checks first; one that blocks stops the job before any step. */
  preflight: z.boolean().default(false),
  steps: z.array(JobStepSchema).min(1, 'a job needs at least one step'),
  ...noLiteralKey,
});
export type ImportStep = z.infer<typeof ImportStepSchema>;
/** An export step as loadJob gives it: `out_pattern`, its `out` as the file writes it when that holds a date, the dates unfilled. */
export type ExportStep = z.infer<typeof ExportStepSchema> & { export: { out_pattern?: string } };
export type Job = Omit<z.infer<typeof JobSchema>, 'steps'> & { steps: (ImportStep | ExportStep)[] };
export type JobStep = Job['steps'][number];
