import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectLineEnding } from '../../src/sheets/csv/detect-line-ending.js';
import { nameCsvDialect, openSheetWriter, type CsvDialect } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const COLUMNS = [{ key: 'code' }, { key: 'name' }, { key: 'lat' }];
const CP1252_SEMICOLON: CsvDialect = { delimiter: ';', encoding: 'windows-1252', bom: false, lineEnding: '\r\n' };

async function writeRows(path: string, dialect: CsvDialect, rows: Record<string, string>[], escapeFormulas = true): Promise<Buffer> {
  const writer = await openSheetWriter(path, { columns: COLUMNS, dialect, escapeFormulas });
  for (const row of rows) await writer.writeRow(row);
  await writer.close();
  return readFile(path);
}

describe('CSV dialects', () => {
  it.each([
    ['LF', 'a,b\nc,d\n', '\n'],
    ['CRLF', 'a,b\r\nc,d\r\n', '\r\n'],
    ['CR', 'a,b\rc,d\r', '\r'],
    ['a line break inside quotes first', '"a\nb";c\r\nd;e\r\n', '\r\n'],
    ['no line break', 'a,b', '\r\n'],
    ['a CR cut at the end of the sample', 'a,b\r', '\r\n'],
  ])('detects the line ending: %s', (_case, sample, lineEnding) => {
    expect(detectLineEnding(sample)).toBe(lineEnding);
  });

  it('writes Windows-1252 with semicolons and no byte order mark, and reads back the same dialect and cells', async () => {
    const path = join(await makeTempDir(), 'magasins.csv');
    const rows = [{ code: 'M001', name: 'Café « Zoé » – 5 €', lat: '43,7010' }];
    const bytes = await writeRows(path, CP1252_SEMICOLON, rows);
    expect(bytes.toString('latin1')).toBe('code;name;lat\r\nM001;Caf\xe9 \xab Zo\xe9 \xbb \x96 5 \x80;43,7010\r\n');
    const { reader, items } = await readItems(path);
    expect(reader.source).toEqual({ format: 'csv', ...CP1252_SEMICOLON });
    expect(items).toEqual([{ kind: 'row', line: 2, values: rows[0] }]);
  });

  it('writes a character Windows-1252 lacks as a question mark, one per UTF-16 unit', async () => {
    const bytes = await writeRows(join(await makeTempDir(), 'out.csv'), CP1252_SEMICOLON, [{ code: 'M1', name: 'Łódź 😀', lat: '' }]);
    expect(bytes.toString('latin1').split('\r\n')[1]).toBe('M1;?\xf3d? ??;');
  });

  it.each<[string, CsvDialect, number[]]>([
    ['UTF-8 with a BOM', { delimiter: ',', encoding: 'utf-8', bom: true, lineEnding: '\n' }, [0xef, 0xbb, 0xbf]],
    ['UTF-8 without one', { delimiter: '|', encoding: 'utf-8', bom: false, lineEnding: '\r' }, []],
    ['UTF-16 LE', { delimiter: '\t', encoding: 'utf-16le', bom: true, lineEnding: '\r\n' }, [0xff, 0xfe]],
    ['UTF-16 BE', { delimiter: ';', encoding: 'utf-16be', bom: true, lineEnding: '\n' }, [0xfe, 0xff]],
  ])('writes %s in the delimiter and line ending given, which the reader detects again', async (_name, dialect, bom) => {
    const path = join(await makeTempDir(), 'out.csv');
    const rows = [{ code: 'S1', name: 'Bäckerei "Müller"\nKöln', lat: '-0.566918' }];
    const bytes = await writeRows(path, dialect, rows);
    expect([...bytes.subarray(0, bom.length)]).toEqual(bom);
    const { reader, items } = await readItems(path);
    expect(reader.source).toEqual({ format: 'csv', ...dialect });
    expect(items).toEqual([{ kind: 'row', line: 2, values: rows[0] }]);
  });

  it('reads back any Windows-1252 text written in Windows-1252', { timeout: 60_000 }, async () => {
    const dir = await makeTempDir();
    // Texts the reader cannot tell from UTF-8 (every byte valid UTF-8) are kept to ASCII with one accent.
    // As in Latin text, and not random bytes, which tell nothing: no letter (what follows a lowercase letter
    // or two capitals tells Windows-1252 from Mac OS Roman), and no two high bytes in a row (a run of
    // them is another code page's text): each accent or sign comes with a character of ASCII.
    const latin = fc.string({ unit: fc.constantFrom(...'1"\';,\n\r=+-@ '.split(''), 'é ', '€1', 'Œ"', '½;'), maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ name: latin, lat: latin }), { minLength: 1, maxLength: 4 }), async (records) => {
        const rows = records.map((record, index) => ({ code: `é${index}`, ...record }));
        const path = join(dir, 'latin.csv');
        await writeRows(path, CP1252_SEMICOLON, rows);
        const { items } = await readItems(path);
        expect(items.map((item) => (item.kind === 'row' ? item.values : item))).toEqual(rows);
      }),
      { numRuns: 60 },
    );
  });

  it('names three dialects for exports: excel, excel-semicolon and rfc4180, which never quotes a formula', async () => {
    const dir = await makeTempDir();
    const rows = [{ code: '=1+1', name: '+33612345678', lat: '-0.5' }];
    const written = async (name: 'excel' | 'excel-semicolon' | 'rfc4180', file: string): Promise<string> => {
      const path = join(dir, file);
      const { dialect, escapeFormulas } = nameCsvDialect(name, path);
      return (await writeRows(path, dialect, rows, escapeFormulas)).toString('utf8');
    };
    expect(await written('excel', 'a.csv')).toBe("\uFEFFcode,name,lat\r\n'=1+1,+33612345678,-0.5\r\n");
    expect(await written('excel', 'a.tsv')).toBe("\uFEFFcode\tname\tlat\r\n'=1+1\t+33612345678\t-0.5\r\n");
    expect(await written('excel-semicolon', 'b.csv')).toBe("\uFEFFcode;name;lat\r\n'=1+1;+33612345678;-0.5\r\n");
    expect(await written('rfc4180', 'c.csv')).toBe('code,name,lat\r\n=1+1,+33612345678,-0.5\r\n');
  });
});
