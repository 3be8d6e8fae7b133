import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { JournalEntrySchema, JournalHeaderSchema, type JournalEntry, type JournalHeader } from './journal-schema.js';
import { isFinalOutcome } from '../row-status.js';
import { ResumeError } from './resume-error.js';

export interface SavedJournal {
  header: JournalHeader;
  /** Outcomes by source line. */
  entries: Map<number, JournalEntry>;
  /** Bytes of the complete lines: a last line cut by a killed run is not one of them. */
  completeBytes: number;
}

/** The journal an earlier run left at `path`, or undefined when there is none (or its header was cut). */
export async function readJournal(path: string, dir: string): Promise<SavedJournal | undefined> {
  const size = await stat(path).then(
    (stats) => stats.size,
    (error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  if (size === undefined) return undefined;
  let header: JournalHeader | undefined;
  const entries = new Map<number, JournalEntry>();
  let completeBytes = 0;
  let number = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    number++;
    const bytes = Buffer.byteLength(line) + 1;
    // Without its newline, the last line was being written when the run was killed.
    if (completeBytes + bytes > size) break;
    completeBytes += bytes;
    if (header === undefined) {
      header = parseLine(line, JournalHeaderSchema, dir, number);
      continue;
    }
    const entry = parseLine(line, JournalEntrySchema, dir, number);
    // A journal written when a 403 was final: that row is sent again, as a row refused now would be.
    if (isFinalOutcome(entry.status, entry.httpStatus)) entries.set(entry.line, entry);
  }
  return header === undefined ? undefined : { header, entries, completeBytes };
}

function parseLine<T>(line: string, schema: z.ZodType<T>, dir: string, number: number): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ResumeError(dir, `its journal is damaged at line ${number}`);
  return parsed.data;
}
