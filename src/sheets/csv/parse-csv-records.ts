import { CsvError } from 'csv-parse';
import { CollectingCsvParser } from './collecting-csv-parser.js';
import type { CsvDelimiter } from './detect-delimiter.js';
import { KeptBytes } from './kept-bytes.js';
import { LineCounter } from './line-counter.js';

/**
 * A record with the physical line where it starts, or the problem that kept it from being read,
 * with the cells a spreadsheet reads in its line when a quote was misplaced, for the report, and
 * which of them hold the misplaced quotes.
 */
export type CsvRecord = { line: number; cells: string[] } | { line: number; problem: string; cells?: string[]; misquoted?: number[] };

interface Attempt {
  kept: KeptBytes;
  failure?: Pick<CsvError, 'code' | 'message'>;
  /** Records of the attempt before its failure. */
  failedAfter: number;
}

// Excel caps a cell at 32,767 characters: a far longer record is an unclosed quote eating the file.
const MAX_RECORD_CHARS = 1_048_576;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Records of a CSV text, in batches (those of a chunk of the input). csv-parse does not resume
 * cleanly after a malformed record (an unclosed quote swallows the rest of the file), so the first
 * error ends the parse, the record is reported at the line where it starts, and a new parse
 * resumes on the next physical line, starting from the bytes kept since the last good record.
 */
export async function* parseCsvBatches(bytes: AsyncIterable<Buffer>, delimiter: CsvDelimiter): AsyncGenerator<CsvRecord[]> {
  const source = bytes[Symbol.asyncIterator]();
  // The line where the next record starts.
  let line = 1;
  let replay: Buffer | undefined;
  // Whether the replay starts with the failed record's line, which the next parse skips.
  let skipLine = false;
  try {
    for (;;) {
      const attempt: Attempt = { kept: new KeptBytes(), failedAfter: 0 };
      const parser: CollectingCsvParser = new CollectingCsvParser({
        delimiter,
        record_delimiter: ['\r\n', '\n', '\r'],
        relax_column_count: true,
        skip_empty_lines: false,
        max_record_size: MAX_RECORD_CHARS,
      });
      // The parse stops at its first error: parsing on through the chunk would build an error for every later bad line, each restart again.
      const fail = (error: unknown): void => {
        if (!(error instanceof CsvError)) throw error;
        attempt.failure = error;
        attempt.failedAfter = parser.info.records;
      };
      let taken = 0;
      const take = (): CsvRecord[] => {
        const { records, end } = parser.takeRecords(attempt.failure === undefined ? Infinity : attempt.failedAfter - taken);
        taken += records.length;
        if (end !== undefined) attempt.kept.drop(end);
        return records.map((cells) => {
          const start = line;
          line += 1 + countLineBreaks(cells);
          return { line: start, cells };
        });
      };
      try {
        for await (const chunk of feedChunks(source, replay, skipLine)) {
          attempt.kept.push(chunk);
          await parser.feed(chunk).catch(fail);
          const batch = take();
          if (batch.length > 0) yield batch;
          if (attempt.failure !== undefined) break;
        }
        if (attempt.failure === undefined) {
          await parser.finish().catch(fail);
          const batch = take();
          if (batch.length > 0) yield batch;
        }
      } finally {
        parser.destroy();
      }
      if (attempt.failure === undefined) return;
      const { code } = attempt.failure;
      const misquoted = MISPLACED_QUOTE.has(code);
      const { gathered, end } = misquoted ? await gatherFirstLine(attempt.kept.rest(), source) : { gathered: attempt.kept.rest(), end: undefined };
      replay = gathered;
      const text = end === undefined ? undefined : gathered.subarray(0, end).toString('utf8').replace(/(\r\n|\n|\r)$/, '');
      const cells = code === 'INVALID_OPENING_QUOTE' && text !== undefined ? readUnquotedLine(text, delimiter) : undefined;
      if (end !== undefined && cells !== undefined) {
        yield [{ line, cells }];
        replay = gathered.subarray(end);
        skipLine = false;
        line += 1;
        continue;
      }
      const read = text === undefined ? undefined : splitAsSpreadsheets(text, delimiter);
      yield [{ line, problem: describeCsvError(attempt.failure), ...read }];
      skipLine = true;
      line += 1;
    }
  } finally {
    await source.return?.();
  }
}

/** The records of parseCsvBatches one by one. */
export async function* parseCsvRecords(bytes: AsyncIterable<Buffer>, delimiter: CsvDelimiter): AsyncGenerator<CsvRecord> {
  for await (const batch of parseCsvBatches(bytes, delimiter)) yield* batch;
}

// A record takes one line, plus one for each line break inside its quoted cells.
function countLineBreaks(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue;
    const lines = new LineCounter();
    lines.count(Buffer.from(cell));
    breaks += lines.line - 1;
  }
  return breaks;
}

/** The failures of a line whose quotes are misplaced: a spreadsheet still reads its cells. */
const MISPLACED_QUOTE = new Set(['INVALID_OPENING_QUOTE', 'CSV_INVALID_CLOSING_QUOTE', 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE']);

/**
 * A line none of whose cells starts with a quote holds no quoted cell: its quotes are text
 * (`12" screen`, `Boulangerie "Le Four"`), as spreadsheets read them, and its cells are what lies
 * between its delimiters. Undefined for a line with a quoted cell, which stays malformed.
 */
function readUnquotedLine(text: string, delimiter: CsvDelimiter): string[] | undefined {
  const cells = text.split(delimiter);
  return cells.some((cell) => cell.startsWith('"')) ? undefined : cells;
}

/**
 * The cells of a malformed line as a spreadsheet reads them: a cell that starts with a quote runs to
 * its closing quote (`""` being one quote), and what follows it up to the delimiter is text too; a
 * quote inside any other cell is text. Those two kinds of cells are `misquoted`: what they were
 * meant to hold is a guess. Undefined when a quoted cell does not close on the line.
 */
function splitAsSpreadsheets(text: string, delimiter: CsvDelimiter): { cells: string[]; misquoted: number[] } | undefined {
  const cells: string[] = [];
  const misquoted: number[] = [];
  let at = 0;
  for (;;) {
    let cell = '';
    const quoted = text[at] === '"';
    if (quoted) {
      at++;
      for (;;) {
        const quote = text.indexOf('"', at);
        // A quote not closed on its line may close on another: which cells the line holds is a guess.
        if (quote === -1) return undefined;
        cell += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        cell += '"';
        at++;
      }
    }
    const next = text.indexOf(delimiter, at);
    const rest = text.slice(at, next === -1 ? text.length : next);
    if (quoted ? rest !== '' : rest.includes('"')) misquoted.push(cells.length);
    cells.push(cell + rest);
    if (next === -1) return { cells, misquoted };
    at = next + 1;
  }
}

/** `bytes` and as many chunks after them as hold the end of their first line; `end` is undefined when it runs past a record's size. */
async function gatherFirstLine(bytes: Buffer, source: AsyncIterator<Buffer>): Promise<{ gathered: Buffer; end: number | undefined }> {
  let gathered = bytes;
  for (;;) {
    const end = findLineEnd(gathered);
    if (end !== undefined) return { gathered, end };
    if (gathered.length > MAX_RECORD_CHARS) return { gathered, end: undefined };
    const next = await source.next();
    if (next.done === true) return { gathered, end: gathered.length };
    gathered = Buffer.concat([gathered, next.value]);
  }
}

/** Where the first line ends, its line break included; undefined while a CR ends the bytes (the LF of a CRLF may follow). */
function findLineEnd(bytes: Buffer): number | undefined {
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] === LF) return index + 1;
    if (bytes[index] !== CR) continue;
    if (index + 1 === bytes.length) return undefined;
    return bytes[index + 1] === LF ? index + 2 : index + 1;
  }
  return undefined;
}

// After a failure, `replay` starts with the failed record: its first line is skipped unless it was read.
async function* feedChunks(source: AsyncIterator<Buffer>, replay: Buffer | undefined, skipLine: boolean): AsyncGenerator<Buffer> {
  const lines = new LineCounter();
  let skipping = replay !== undefined && skipLine;
  // The skipped line ended a chunk: its LF may open the next one.
  let endedSkip = false;
  let pending = replay;
  for (;;) {
    if (pending === undefined) {
      const next = await source.next();
      if (next.done === true) return;
      pending = next.value;
    }
    let chunk = pending;
    pending = undefined;
    if (skipping) {
      chunk = lines.skipLine(chunk);
      skipping = lines.line === 1;
      endedSkip = !skipping && chunk.length === 0;
    } else if (endedSkip) {
      chunk = lines.skipLfAfterCr(chunk);
      endedSkip = false;
    }
    if (chunk.length > 0) yield chunk;
  }
}

function describeCsvError(error: Pick<CsvError, 'code' | 'message'>): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return `the record runs past ${MAX_RECORD_CHARS.toLocaleString('en')} characters: a quoted cell is never closed, or a cell is far longer than the 32,767 characters a spreadsheet cell holds`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'text follows the closing quote of a cell';
    case 'INVALID_OPENING_QUOTE':
      return 'a cell that does not start with a quote contains one';
    default:
      return error.message;
  }
}
