import type { CsvDelimiter } from './detect-delimiter.js';

/** A record with the physical line where it starts, or the problem that kept it from being read. */
export type CsvRecord = { line: number; cells: string[] } | { line: number; problem: string };

/** A record read from `start`: its cells, where it ends and the line breaks it spans; a problem; or undefined until more text comes. */
type Scan = { cells: string[]; end: number; breaks: number } | { problem: string } | undefined;

// Excel caps a cell at 32,767 characters: a far longer record is an unclosed quote eating the file.
const MAX_RECORD_CHARS = 1_048_576;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const PROBLEMS = {
  unclosed: 'a quoted cell is never closed',
  tooLong: `the record runs past ${MAX_RECORD_CHARS.toLocaleString('en')} characters: a quoted cell is never closed, or a cell is far longer than the 32,767 characters a spreadsheet cell holds`,
  afterClosingQuote: 'text follows the closing quote of a cell',
  quoteInside: 'a cell that does not start with a quote contains one',
};

/**
 * Records of a CSV text, read as csv-parse reads them with a quote and escape `"`, record
 * delimiters CRLF, LF and CR and any number of cells per record: a cell opens a quote only at its
 * start, `""` inside quotes is one quote, and a closing quote must end the cell. Written for speed
 * (the text is scanned once, cells are slices of it). A malformed record is reported at the line
 * where it starts, and reading resumes on the next physical line.
 */
export async function* parseCsvRecords(text: AsyncIterable<string>, delimiter: CsvDelimiter): AsyncGenerator<CsvRecord> {
  const source = text[Symbol.asyncIterator]();
  const separator = delimiter.charCodeAt(0);
  let buffer = '';
  let final = false;
  let line = 1;
  let skipping = false;
  try {
    for (;;) {
      let pos = 0;
      for (;;) {
        if (skipping) {
          const end = findLineEnd(buffer, pos, final);
          if (end === undefined) {
            // A CR last may be the first half of a CRLF: kept until the next text tells.
            pos = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
            break;
          }
          skipping = false;
          line += 1;
          pos = end;
        }
        if (pos >= buffer.length) break;
        let scan = scanRecord(buffer, pos, separator, final);
        if (scan === undefined && buffer.length - pos > MAX_RECORD_CHARS) scan = { problem: PROBLEMS.tooLong };
        if (scan === undefined) break;
        if ('problem' in scan) {
          yield { line, problem: scan.problem };
          skipping = true;
          continue;
        }
        yield { line, cells: scan.cells };
        line += scan.breaks;
        pos = scan.end;
      }
      if (final) return;
      const next = await source.next();
      if (next.done === true) final = true;
      buffer = buffer.slice(pos) + (next.done === true ? '' : next.value);
    }
  } finally {
    await source.return?.();
  }
}

function scanRecord(text: string, start: number, separator: number, final: boolean): Scan {
  const cells: string[] = [];
  const length = text.length;
  let breaks = 0;
  let pos = start;
  for (;;) {
    if (pos - start > MAX_RECORD_CHARS) return { problem: PROBLEMS.tooLong };
    let code: number;
    if (text.charCodeAt(pos) === QUOTE) {
      let value = '';
      let from = pos + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) return final ? { problem: PROBLEMS.unclosed } : undefined;
        breaks += countBreaks(text, from, close);
        if (close + 1 >= length && !final) return undefined;
        code = close + 1 < length ? text.charCodeAt(close + 1) : Number.NaN;
        if (code !== QUOTE) {
          value += text.slice(from, close);
          pos = close + 1;
          break;
        }
        value += text.slice(from, close + 1);
        from = close + 2;
      }
      cells.push(value);
      if (pos < length && code !== separator && code !== LF && code !== CR) return { problem: PROBLEMS.afterClosingQuote };
    } else {
      let end = pos;
      code = Number.NaN;
      for (; end < length; end++) {
        code = text.charCodeAt(end);
        if (code === separator || code === LF || code === CR) break;
        if (code === QUOTE) return { problem: PROBLEMS.quoteInside };
      }
      cells.push(text.slice(pos, end));
      pos = end;
    }
    if (pos >= length) return final ? endRecord(cells, length - start, length, breaks) : undefined;
    if (code === separator) {
      pos += 1;
      continue;
    }
    if (code === CR && pos + 1 >= length && !final) return undefined;
    const end = code === CR && text.charCodeAt(pos + 1) === LF ? pos + 2 : pos + 1;
    return endRecord(cells, end - start, end, breaks + 1);
  }
}

function endRecord(cells: string[], chars: number, end: number, breaks: number): Scan {
  return chars > MAX_RECORD_CHARS ? { problem: PROBLEMS.tooLong } : { cells, end, breaks };
}

/** CRLF, LF and CR each end a line. */
function countBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code === CR) {
      breaks += 1;
      if (text.charCodeAt(index + 1) === LF) index += 1;
    } else if (code === LF) {
      breaks += 1;
    }
  }
  return breaks;
}

/** Where the line holding `from` ends, past its line break; undefined while the text may not hold all of it. */
function findLineEnd(text: string, from: number, final: boolean): number | undefined {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === LF) return index + 1;
    if (code === CR) {
      if (index + 1 < text.length) return text.charCodeAt(index + 1) === LF ? index + 2 : index + 1;
      return final ? index + 1 : undefined;
    }
  }
  return final ? text.length : undefined;
}
