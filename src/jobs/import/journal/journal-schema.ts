import { z } from 'zod';
import { DEFAULT_CONFLICT_POLICY } from '../import-options.js';
import { ROW_STATUSES } from '../row-status.js';

/** What must not change between a run and its resumption, besides the source file. */
const ImportSettingsSchema = z.object({
  resource: z.string(),
  mode: z.string(),
  dry_run: z.boolean(),
  sheet: z.string().nullable(),
  org: z.number().nullable(),
  /** A job's shard of a sheet of several organizations, `K/N`; journals written before shards split sheets have none. */
  shard: z.string().nullable().default(null),
  /** How ambiguous dates and numbers were read, and whether code changes were sent: each decides which rows were invalid or refused. */
  date_format: z.string().nullable().default(null),
  decimal_separator: z.string().nullable().default(null),
  allow_code_changes: z.boolean().default(false),
  /** The header names read as other columns (`code magasin=code`): they decide which cell is which. */
  rename_columns: z.string().nullable().default(null),
  /** What a conflict became: a conflict journaled under `skip` would stand for an `overwrite` asked since. */
  on_conflict: z.string().default(DEFAULT_CONFLICT_POLICY),
});
export type ImportSettings = z.infer<typeof ImportSettingsSchema>;

/** The first line of `journal.jsonl`. */
export const JournalHeaderSchema = z.object({
  journal: z.literal(1),
  source: z.string(),
  sha256: z.string(),
  settings: ImportSettingsSchema,
});
export type JournalHeader = z.infer<typeof JournalHeaderSchema>;

/** Every other line: the final outcome of one row, found again by its line in the source. */
export const JournalEntrySchema = z.object({
  line: z.int().nonnegative(),
  status: z.enum(ROW_STATUSES),
  target: z.string().optional(),
  httpStatus: z.int().optional(),
  changes: z.array(z.string()),
  errors: z.array(z.string()),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
