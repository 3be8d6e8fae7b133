import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excelDialect, openSheetWriter, type CsvDelimiter } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const COLUMNS = [{ key: 'id' }, { key: 'a' }, { key: 'b', text: true }, { key: 'c' }];
const TRICKY = ['=1+1', '+33 6 12 34 56 78', '-5', '@x', '\t=x', '\r=x', "'", "''=x", '"', '""', ',', ';', '\n', '\r\n', '\r', ' ', '_x000D_', '&amp;', '&lt;b&gt;', '\u0000', '\u0007', '\u007f', '\uFEFF', '０', '＝1', 'é', '😀', '東京'];

// Text with the characters and starts that break spreadsheets: formula triggers, quotes, delimiters, line breaks, escapes.
function text(unit: 'grapheme' | 'binary'): fc.Arbitrary<string> {
  return fc.array(fc.oneof(fc.string({ unit }), fc.constantFrom(...TRICKY)), { maxLength: 4 }).map((parts) => parts.join(''));
}

// Each row keeps an id so that rows whose other cells are empty are not skipped as empty rows.
function rows(unit: 'grapheme' | 'binary', maxLength = 8): fc.Arbitrary<{ a: string; b: string; c: string }[]> {
  return fc.array(fc.record({ a: text(unit), b: text(unit), c: text(unit) }), { minLength: 1, maxLength });
}

async function roundTrip(path: string, records: { a: string; b: string; c: string }[], delimiter?: CsvDelimiter): Promise<unknown[]> {
  const writer = await openSheetWriter(path, { columns: COLUMNS, ...(delimiter === undefined ? {} : { dialect: { ...excelDialect(path), delimiter } }) });
  for (const [index, record] of records.entries()) await writer.writeRow({ id: `r${index}`, ...record });
  await writer.close();
  const { reader, items } = await readItems(path);
  expect(reader.columns).toEqual(['id', 'a', 'b', 'c']);
  return items.map((item) => (item.kind === 'row' ? item.values : item));
}

function expected(records: { a: string; b: string; c: string }[]): unknown[] {
  return records.map((record, index) => ({ id: `r${index}`, ...record }));
}

describe('write then read returns the same strings', () => {
  it('in CSV, with either delimiter', { timeout: 60_000 }, async () => {
    const dir = await makeTempDir();
    await fc.assert(
      fc.asyncProperty(rows('grapheme'), fc.constantFrom<CsvDelimiter>(',', ';'), async (records, delimiter) => {
        expect(await roundTrip(join(dir, 'round-trip.csv'), records, delimiter)).toEqual(expected(records));
      }),
      { numRuns: 100 },
    );
  });

  it('in XLSX, including lone surrogates and control characters', { timeout: 60_000 }, async () => {
    const dir = await makeTempDir();
    await fc.assert(
      // A workbook costs its zip and exceljs's setup: fewer of them, with more rows each.
      fc.asyncProperty(rows('binary', 32), async (records) => {
        expect(await roundTrip(join(dir, 'round-trip.xlsx'), records)).toEqual(expected(records));
      }),
      { numRuns: 10 },
    );
  });

  it.each(['csv', 'xlsx'])('keeps formula-like text as text in %s', async (extension) => {
    const path = join(await makeTempDir(), `formulas.${extension}`);
    const records = [
      { a: '=1+1', b: '+33612345678', c: '-5' },
      { a: '@x', b: '\tx', c: '\rx' },
      { a: "'", b: "'=1+1", c: '' },
    ];
    expect(await roundTrip(path, records)).toEqual(expected(records));
  });
});
