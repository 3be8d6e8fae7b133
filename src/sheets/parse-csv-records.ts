import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import type { CsvDelimiter } from './detect-delimiter.js';
import { KeptBytes } from './kept-bytes.js';
import { LineCounter } from './line-counter.js';

/** A record with the physical line where it starts, or the problem that kept it from being read. */
export type CsvRecord = { line: number; cells: string[] } | { line: number; problem: string };

interface Attempt {
  kept: KeptBytes;
  /** Input offset where each record not yet consumed ends, in order. */
  ends: number[];
  failure?: Pick<CsvError, 'code' | 'message'>;
}

// Excel caps a cell at 32,767 characters: a far longer record is an unclosed quote eating the file.
const MAX_RECORD_CHARS = 1_048_576;

/**
 * Records of a CSV text. csv-parse does not resume cleanly after a malformed record (an unclosed
 * quote swallows the rest of the file), so the first error ends the parse, the record is reported
 * at the line where it starts, and a new parse resumes on the next physical line, starting from
 * the bytes kept since the last good record.
 */
export async function* parseCsvRecords(text: AsyncIterable<string>, delimiter: CsvDelimiter): AsyncGenerator<CsvRecord> {
  const source = text[Symbol.asyncIterator]();
  const lines = new LineCounter();
  let replay: Buffer | undefined;
  try {
    for (;;) {
      const attempt: Attempt = { kept: new KeptBytes(), ends: [] };
      const parser = parse({
        delimiter,
        record_delimiter: ['\r\n', '\n', '\r'],
        relax_column_count: true,
        skip_empty_lines: false,
        skip_records_with_error: true,
        max_record_size: MAX_RECORD_CHARS,
        on_skip: (error) => {
          attempt.failure ??= error ?? { code: 'CSV_UNKNOWN_ERROR', message: 'the line cannot be read' };
        },
        on_record: (cells, info) => {
          if (attempt.failure) return null;
          attempt.ends.push(info.bytes);
          return cells;
        },
      });
      const input = Readable.from(feedParser(attempt, source, replay, lines));
      input.on('error', (error) => parser.destroy(error));
      input.pipe(parser);
      try {
        for await (const cells of parser as AsyncIterable<string[]>) {
          const line = lines.line;
          attempt.kept.drop(attempt.ends.shift() ?? 0, (bytes) => {
            lines.count(bytes);
          });
          yield { line, cells };
        }
      } finally {
        input.destroy();
      }
      if (attempt.failure === undefined) return;
      yield { line: lines.line, problem: describeCsvError(attempt.failure) };
      replay = attempt.kept.rest();
    }
  } finally {
    await source.return?.();
  }
}

// After a failure, `replay` starts with the failed record: its first line is skipped.
async function* feedParser(
  attempt: Attempt,
  source: AsyncIterator<string>,
  replay: Buffer | undefined,
  lines: LineCounter,
): AsyncGenerator<Buffer> {
  let skipping = replay !== undefined;
  // The skipped line ended a chunk: its LF may open the next one.
  let endedSkip = false;
  let pending = replay;
  while (attempt.failure === undefined) {
    if (pending === undefined) {
      const next = await source.next();
      if (next.done === true) return;
      pending = Buffer.from(next.value);
    }
    let chunk = pending;
    pending = undefined;
    if (skipping) {
      const line = lines.line;
      chunk = lines.skipLine(chunk);
      skipping = lines.line === line;
      endedSkip = !skipping && chunk.length === 0;
    } else if (endedSkip) {
      chunk = lines.skipLfAfterCr(chunk);
      endedSkip = false;
    }
    if (chunk.length === 0) continue;
    attempt.kept.push(chunk);
    yield chunk;
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
