import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { CsvDelimiter } from '../../src/sheets/index.js';
import { parseCsvRecords, type CsvRecord } from '../../src/sheets/csv/parse-csv-records.js';

const PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'text follows the closing quote of a cell',
  INVALID_OPENING_QUOTE: 'a cell that does not start with a quote contains one',
};

/** The reference: csv-parse on the whole text up to its first error, then a new csv-parse from the next physical line. */
function readWithCsvParse(text: string, delimiter: CsvDelimiter, firstLine = 1): CsvRecord[] {
  const records: CsvRecord[] = [];
  let consumed = 0;
  try {
    parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (record: string[], { bytes }) => {
        records.push({ line: firstLine + countBreaks(text.slice(0, consumed)), cells: record });
        consumed = bytes;
        return record;
      },
    });
    return records;
  } catch (error) {
    const code = (error as CsvError).code;
    const line = firstLine + countBreaks(text.slice(0, consumed));
    const [firstLineText = ''] = /^[^\r\n]*(\r\n|\r|\n|$)/.exec(text.slice(consumed)) ?? [];
    const rest = text.slice(consumed + firstLineText.length);
    // A quote in a line with no quoted cell is text: the line's cells are what lies between its delimiters.
    const cells = firstLineText.replace(/(\r\n|\r|\n)$/, '').split(delimiter);
    const spread = code === 'INVALID_OPENING_QUOTE' || code === 'CSV_INVALID_CLOSING_QUOTE' ? readAsSpreadsheet(firstLineText.replace(/(\r\n|\r|\n)$/, ''), delimiter) : undefined;
    const read: CsvRecord =
      code === 'INVALID_OPENING_QUOTE' && !cells.some((cell) => cell.startsWith('"')) ? { line, cells } : { line, problem: PROBLEMS[code] ?? code, ...spread };
    return [...records, read, ...(rest === '' ? [] : readWithCsvParse(rest, delimiter, line + 1))];
  }
}

/**
 * The reference of a line's cells as a spreadsheet reads them: a quoted cell closes on the line, then
 * text; none when a quote does not close. Misquoted: text after the closing quote, or a quote in an unquoted cell.
 */
function readAsSpreadsheet(line: string, delimiter: CsvDelimiter): { cells: string[]; misquoted: number[] } | undefined {
  const cell = new RegExp(`^(?:"((?:[^"]|"")*)"(?!")([^${delimiter}]*)|([^"${delimiter}][^${delimiter}]*|))(${delimiter}|$)`);
  const cells: string[] = [];
  const misquoted: number[] = [];
  let rest = line;
  for (;;) {
    const match = cell.exec(rest);
    if (match === null) return undefined;
    const [whole, quoted, after = '', plain = '', end] = match;
    if (quoted === undefined ? plain.includes('"') : after !== '') misquoted.push(cells.length);
    cells.push(quoted === undefined ? plain : quoted.replaceAll('""', '"') + after);
    if (end === '') return whole.length === rest.length ? { cells, misquoted } : undefined;
    rest = rest.slice(whole.length);
  }
}

function countBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

async function readRecords(chunks: readonly string[], delimiter: CsvDelimiter): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of parseCsvRecords(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), delimiter)) records.push(record);
  return records;
}

/** A text cut at the given places, as a file arrives in chunks. */
function cut(text: string, places: readonly number[]): string[] {
  const ends = [...new Set(places.map((place) => place % (text.length + 1)))].sort((a, b) => a - b);
  return [...ends, text.length].map((end, index) => text.slice(index === 0 ? 0 : ends[index - 1], end));
}

describe('parsing CSV records', () => {
  it('reads every text, whole or in chunks, as csv-parse with a restart after each malformed record', async () => {
    // ASCII, so that csv-parse's byte offsets are string offsets.
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', ';', '"', '"', '\r', '\n', '\r\n'), maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom<CsvDelimiter>(',', ';'), fc.array(fc.nat(), { maxLength: 6 }), async (csv, delimiter, places) => {
        expect(await readRecords(cut(csv, places), delimiter)).toEqual(readWithCsvParse(csv, delimiter));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads UTF-8 bytes cut anywhere, inside a character too, as the whole text', async () => {
    const text = fc.string({ unit: fc.constantFrom('é', '😀', '東', 'a', ',', '"', '\n', '\r\n'), maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 6 }), async (csv, places) => {
        const bytes = Buffer.from(csv);
        const ends = [...new Set(places.map((place) => place % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [...ends, bytes.length].map((end, index) => bytes.subarray(index === 0 ? 0 : ends[index - 1], end));
        const records: CsvRecord[] = [];
        for await (const record of parseCsvRecords(Readable.from(chunks), ',')) records.push(record);
        expect(records).toEqual(await readRecords([csv], ','));
      }),
      { numRuns: 1000 },
    );
  });

  it('builds one parse error per malformed line, not one for every bad line after it at each restart', async () => {
    const lines = 300;
    const text = Array.from({ length: lines }, (_, index) => `${index},"x"y`).join('\n');
    const traces = vi.spyOn(Error, 'captureStackTrace');
    try {
      const records = await readRecords([text], ',');
      expect(records.filter((record) => 'problem' in record)).toHaveLength(lines);
      expect(traces.mock.calls.filter(([error]) => error instanceof CsvError)).toHaveLength(lines);
    } finally {
      traces.mockRestore();
    }
  });

  it('reports a record longer than any spreadsheet cell as an unclosed quote, then reads on', async () => {
    const huge = `a,"${'x'.repeat(1_100_000)}\nb,c\n`;
    expect(await readRecords(cut(huge, [65_536, 131_072]), ',')).toEqual([
      { line: 1, problem: 'the record runs past 1,048,576 characters: a quoted cell is never closed, or a cell is far longer than the 32,767 characters a spreadsheet cell holds' },
      { line: 2, cells: ['b', 'c'] },
    ]);
  });
});
