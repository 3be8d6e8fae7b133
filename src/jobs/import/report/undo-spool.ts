import { appendFileSync, closeSync, createReadStream, openSync } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { SheetColumn, SheetRecord, SheetWriter } from '../../../sheets/index.js';
import { toWriteError } from '../../../sheets/file/open-output.js';
import { makeTempOutputName } from '../../../sheets/file/temp-output-name.js';
import { openReportSheet, reportPath, type ReportDialect } from './report-dialect.js';

/** What a spool's temporary name says it becomes (`.undo.jsonl.<pid>-<random>.tmp`). */
export const UNDO_SPOOL = 'undo.jsonl';

/** How an undo file is written: its spool's first line, so that the next run can write a killed run's. */
export interface UndoLayout {
  dialect: ReportDialect;
  columns: readonly SheetColumn[];
  sheet: string;
  frozenColumns: number;
}

export interface UndoSpool {
  /** On disk when it returns: the request it goes before may leave. Returns the line's index, for `notSent`. */
  append(record: SheetRecord): number;
  /** The request of the line at `index` was not sent (the run stopped first): the undo file leaves it out. */
  notSent(index: number): void;
  /** Writes the undo file (undo.<ext>, else undo-2.<ext>, …) and removes the spool; a spool the disk refused stays for the next run. */
  close(): Promise<void>;
}

/**
 * The undo lines of a run, appended as JSON to a hidden file before each request, as the journal
 * is: a streamed sheet holds its last lines in memory (a workbook all of them until it closes), so
 * a kill would lose them. The undo file is written from it at the end, or by the next run in the
 * directory when this one is killed (writeUndoFile).
 */
export function openUndoSpool(dir: string, layout: UndoLayout): UndoSpool {
  const path = join(dir, makeTempOutputName(UNDO_SPOOL));
  // A disk error names the undo file, which is what the user knows.
  const undoPath = reportPath(dir, 'undo', layout.dialect);
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    throw toWriteError(error, undoPath);
  }
  let failure: Error | undefined;
  const write = (value: unknown): void => {
    if (failure !== undefined) throw failure;
    try {
      appendFileSync(fd, `${JSON.stringify(value)}\n`);
    } catch (error) {
      // A line cut short stays the last one: nothing is appended after it.
      failure = toWriteError(error, undoPath);
      throw failure;
    }
  };
  write(layout);
  let lines = 0;
  return {
    append(record) {
      write(record);
      return lines++;
    },
    notSent(index) {
      try {
        write({ not_sent: index } satisfies NotSent);
      } catch {
        // A line kept only sets back values its business still holds: the disk's failure stops the run at the next line.
      }
    },
    async close() {
      closeSync(fd);
      await writeUndoFile(path, dir);
    },
  };
}

/** A spool line saying that the request of an earlier line was not sent. */
interface NotSent {
  not_sent: number;
}

/**
 * Writes the whole lines of the spool at `path` to the directory's next undo file, then removes
 * the spool; a line cut short by a kill goes (it was being written, so its request was not sent),
 * and so does a line whose request the run did not send. Returns the undo file's name, or
 * undefined when the spool held no line to keep.
 */
export async function writeUndoFile(path: string, dir: string): Promise<string | undefined> {
  const notSent = new Set<number>();
  for await (const line of readSpool(path)) if (isNotSent(line)) notSent.add(line.not_sent);
  let layout: UndoLayout | undefined;
  let file: { name: string; writer: SheetWriter } | undefined;
  let index = 0;
  try {
    for await (const line of readSpool(path)) {
      if (layout === undefined) {
        layout = line as UndoLayout;
        continue;
      }
      if (isNotSent(line) || notSent.has(index++)) continue;
      const { dialect, ...options } = layout;
      file ??= await openUndoFile(dir, dialect, options);
      await file.writer.writeRow(line as SheetRecord);
    }
    await file?.writer.close();
  } catch (error) {
    await file?.writer.discard();
    throw error;
  }
  await rm(path, { force: true });
  return file?.name;
}

/** The whole lines of a spool: a line a kill cut short is left out. */
async function* readSpool(path: string): AsyncGenerator {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    const parsed = parseLine(line);
    if (parsed !== undefined) yield parsed;
  }
}

function isNotSent(line: unknown): line is NotSent {
  return typeof line === 'object' && line !== null && typeof (line as Partial<NotSent>).not_sent === 'number';
}

/** A line of the spool, or undefined for one a kill cut short: no part of a JSON object is one. */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** The first of undo.<ext>, undo-2.<ext>, … not taken: each run that wrote has its own, in the order they ran. */
async function openUndoFile(dir: string, dialect: ReportDialect, options: Omit<UndoLayout, 'dialect'>): Promise<{ name: string; writer: SheetWriter }> {
  for (let index = 1; ; index++) {
    const name = index === 1 ? 'undo' : `undo-${index}`;
    const path = reportPath(dir, name, dialect);
    if (await exists(path)) continue;
    return { name: `${name}.${dialect.format}`, writer: await openReportSheet(path, dialect, options) };
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
