import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SheetError } from '../../src/sheets/index.js';
import { fixturePath } from './fixture-path.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';
import { estimateRows } from './estimate-rows.js';

async function writeCsv(content: string | Uint8Array, name = 'input.csv'): Promise<string> {
  const path = join(await makeTempDir(), name);
  await writeFile(path, content);
  return path;
}

describe('reading CSV files', () => {
  it('refuses a last row that ends short of its cells without a line break, as a file cut while written leaves it, and keeps what it read', async () => {
    const { items } = await readItems(await writeCsv('code,name,city\nM1,Boulangerie,Nice\nM2,Boulang'));
    expect(items).toEqual([
      { kind: 'row', line: 2, values: { code: 'M1', name: 'Boulangerie', city: 'Nice' } },
      {
        kind: 'issue',
        line: 3,
        errors: [
          'the file ends inside this row, after 2 of its 3 cells, without a line break: it looks cut short (was the file still being written?); complete the row, or end the file with a line break if the row is whole',
        ],
        values: { code: 'M2', name: 'Boulang', city: '' },
        // The last cell read may be cut too, and those after it were never read.
        faulty: ['name', 'city'],
      },
    ]);
  });

  it.each([
    ['a short last row ended by a line break', 'code,name,city\r\nM1,Boulangerie\r\n'],
    ['a whole last row without one', 'code,name,city\nM1,Boulangerie,Nice'],
  ])('reads %s as a row', async (_name, content) => {
    const { items } = await readItems(await writeCsv(content));
    expect(items).toMatchObject([{ kind: 'row', line: 2 }]);
  });

  it('says a sheet named for a CSV file is not looked for, and reads the file', async () => {
    const { reader, items } = await readItems(await writeCsv('code,name\nS1,Le Bistrot\n'), { sheet: 'stores' });
    expect(reader.warnings).toEqual(["Sheet 'stores' is not looked for: a CSV file holds one table, read whole."]);
    expect(items).toHaveLength(1);
  });

  it('reads a semicolon CSV saved by French Excel in Windows-1252, decimal commas untouched', async () => {
    const { reader, items } = await readItems(fixturePath('semicolon-windows-1252.csv'));
    expect(reader.source).toEqual({ format: 'csv', encoding: 'windows-1252', bom: false, delimiter: ';', lineEnding: '\r\n' });
    expect(reader.columns).toEqual(['Code magasin', 'Nom', 'Ville', 'Prix moyen', 'Note']);
    expect(items).toEqual([
      {
        kind: 'row',
        line: 2,
        values: { 'Code magasin': 'M001', Nom: 'Café de la Gare', Ville: 'Besançon', 'Prix moyen': '12,50', Note: '4,5' },
      },
      {
        kind: 'row',
        line: 3,
        values: { 'Code magasin': 'M002', Nom: 'Crêperie « Chez Zoé »', Ville: 'Orléans', 'Prix moyen': '8,75', Note: '4' },
      },
    ]);
  });

  it('reads what Windows-1252 has where Latin-1 has control characters: ’ € œ “ ” –', async () => {
    const bytes = Buffer.concat([Buffer.from('code;name\r\nS1;l'), Buffer.from([0x92]), Buffer.from('h'), Buffer.from([0xf4]), Buffer.from('tel '), Buffer.from([0x80, 0x20, 0x9c, 0x93, 0x94, 0x96, 0x0d, 0x0a])]);
    const { reader, items } = await readItems(await writeCsv(bytes));
    expect(reader.source).toMatchObject({ encoding: 'windows-1252' });
    expect(items.map((item) => item.kind === 'row' && item.values.name)).toEqual(['l’hôtel € œ“”–']);
  });

  it('reads UTF-16 LE with a byte order mark', async () => {
    const { reader, items } = await readItems(fixturePath('utf16le-bom.csv'));
    expect(reader.source).toEqual({ format: 'csv', encoding: 'utf-16le', bom: true, delimiter: ',', lineEnding: '\r\n' });
    expect(items.map((item) => item.kind === 'row' && item.values)).toEqual([
      { code: 'S1', name: 'Bäckerei Müller', city: 'Köln' },
      { code: 'S2', name: '東京タワー', city: 'Tōkyō' },
    ]);
  });

  it('reads UTF-16 BE and strips a UTF-8 byte order mark', async () => {
    const text = 'code;name\nS1;Zoé\n';
    const utf16be = Buffer.from(`\uFEFF${text}`, 'utf16le').swap16();
    const be = await readItems(await writeCsv(utf16be));
    const utf8 = await readItems(await writeCsv(`\uFEFF${text}`));
    for (const { reader, items } of [be, utf8]) {
      expect(reader.columns).toEqual(['code', 'name']);
      expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1', name: 'Zoé' } }]);
    }
    expect(be.reader.source).toMatchObject({ encoding: 'utf-16be' });
  });

  // The parse starts on the head's UTF-8 while the rest is checked: the refuted guess starts over, in a worker too (past 4 MiB).
  it.each([
    [20_000, 'ascii only'],
    // Over 4 MiB in fewer rows.
    [40_000, 'ascii only'.repeat(12)],
  ])('checks the whole file before choosing UTF-8, not only its start (%i lines)', async (lines, name) => {
    const start = Buffer.from(`code,name\n${`S,${name}\n`.repeat(lines)}`);
    expect(start.length > 4 * 1024 ** 2).toBe(lines > 20_000);
    const path = await writeCsv(Buffer.concat([start, Buffer.from([0x53, 0x2c, 0x5a, 0x6f, 0xe9, 0x0a])]));
    const { reader, items } = await readItems(path);
    expect(reader.source).toMatchObject({ encoding: 'windows-1252' });
    expect(items).toHaveLength(lines + 1);
    expect(items.at(-1)).toEqual({ kind: 'row', line: lines + 2, values: { code: 'S', name: 'Zoé' } });
  });

  it.each([
    ['tab.tsv', '\t', 'Tab\there'],
    ['pipe.csv', '|', 'Pipe | inside'],
  ])('detects the delimiter of %s and keeps quoted delimiters in cells', async (name, delimiter, quoted) => {
    const { reader, items } = await readItems(fixturePath(name));
    expect(reader.source).toMatchObject({ delimiter });
    expect(items).toEqual([
      { kind: 'row', line: 2, values: { code: 'S1', name: 'Le Bistrot', city: 'Lyon' } },
      { kind: 'row', line: 3, values: { code: 'S2', name: quoted, city: 'Nice' } },
    ]);
  });

  it('keeps quoted delimiters, quotes and line breaks, numbering rows by the line where they start', async () => {
    const { items } = await readItems(fixturePath('quoted-cells.csv'));
    expect(items).toEqual([
      {
        kind: 'row',
        line: 2,
        values: { code: 'S1', name: 'Dupont, père et fils', address: '12 rue de la Paix\r\n75002 Paris', phone: '+33 1 23 45 67 89' },
      },
      { kind: 'row', line: 4, values: { code: 'S2', name: 'Le "Grand" Café', address: '1 place Bellecour\nLyon', phone: '' } },
      { kind: 'row', line: 7, values: { code: 'S3', name: 'Plain', address: 'No quotes', phone: '0612345678' } },
    ]);
  });

  it('uses the delimiter it is given', async () => {
    const { reader, items } = await readItems(await writeCsv('a;b,c\n1;2,3\n'), { delimiter: ',' });
    expect(reader.columns).toEqual(['a;b', 'c']);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { 'a;b': '1;2', c: '3' } }]);
  });

  it('reads a one-column file without splitting its cells', async () => {
    const { items } = await readItems(await writeCsv('name\nDupont, père et fils\nA;B\n'));
    expect(items.map((item) => item.kind === 'row' && item.values)).toEqual([{ name: 'Dupont, père et fils' }, { name: 'A;B' }]);
  });

  it('skips empty rows and trailing empty columns', async () => {
    const { reader, items } = await readItems(await writeCsv('a;b;;\r\n1;2;;\r\n;;;\r\n\r\n  ; \r\n3;4\r\n\r\n'));
    expect(reader.warnings).toEqual([]);
    expect(items).toEqual([
      { kind: 'row', line: 2, values: { a: '1', b: '2' } },
      { kind: 'row', line: 6, values: { a: '3', b: '4' } },
    ]);
  });

  it('removes the quote that protects formula-like text', async () => {
    const { items } = await readItems(await writeCsv(`code,text\nS1,'=1+1\nS2,''=1\nS3,-5\nS4,'+33 6\nS5,'quoted\n`));
    expect(items.map((item) => item.kind === 'row' && item.values.text)).toEqual(['=1+1', "'=1", '-5', '+33 6', "'quoted"]);
  });

  it('reads ="000123", which some systems export to keep a code whole in a spreadsheet, as the text the spreadsheet shows', async () => {
    const { items } = await readItems(await writeCsv(`code,text\n"=""000123""","=""+33612345678"""\nS2,"'=""x"""\nS3,"=""a"" & ""b"""\n`));
    expect(items.map((item) => item.kind === 'row' && [item.values.code, item.values.text])).toEqual([
      ['000123', '+33612345678'],
      // Quoted by a writer: the text itself. Anything more than a string is no text formula.
      ['S2', '="x"'],
      ['S3', '="a" & "b"'],
    ]);
  });

  it('fails on a missing or empty file', async () => {
    const missing = join(await makeTempDir(), 'missing.csv');
    await expect(readItems(missing)).rejects.toThrow(
      new SheetError(`read ${missing}`, 'the file does not exist', 'Check the path and the file permissions.'),
    );
    const empty = await writeCsv('\uFEFF\r\n;;\r\n');
    await expect(readItems(empty)).rejects.toThrow(`Could not read ${empty}: the file is empty. Add a header row with the column names.`);
  });
});

describe("Excel's sep= line", () => {
  it.each([
    ['sep=;\r\ncode;name\r\nS1;Le Four, Lyon\r\n', ';'],
    ['\uFEFFSEP=|\ncode|name\nS1|Le Four, Lyon\n', '|'],
  ])('names the delimiter and is no record: %j', async (content, delimiter) => {
    const path = await writeCsv(content);
    const { reader, items } = await readItems(path);
    expect(reader.source).toMatchObject({ format: 'csv', delimiter });
    expect(items).toEqual([{ kind: 'row', line: 3, values: { code: 'S1', name: 'Le Four, Lyon' } }]);
    expect(await estimateRows(path)).toBe(1);
  });
});

describe('malformed CSV lines', () => {
  it('reports a line with a broken quote and reads the lines after it', async () => {
    const { items } = await readItems(fixturePath('broken-quote.csv'));
    expect(items).toEqual([
      { kind: 'row', line: 2, values: { code: 'S1', name: 'Le Bistrot', city: 'Lyon' } },
      {
        kind: 'issue',
        line: 3,
        errors: ['text follows the closing quote of a cell; enclose such a cell in double quotes and double the quotes inside it'],
      },
      { kind: 'row', line: 4, values: { code: 'S3', name: 'After', city: 'Metz' } },
      { kind: 'row', line: 5, values: { code: 'S4', name: 'Fine, quoted', city: 'Paris' } },
    ]);
  });

  it.each([
    ['an unclosed quote on the last line', 'a,b\r\n1,2\r\n3,"never closed\r\n', [2], [3]],
    ['an unclosed quote that swallows the next lines', 'a,b\n1,"open\n2,x\n3,y\n', [3, 4], [2]],
    ['text after a closing quote', 'a,b\n1,"x"y\n2,z\n', [3], [2]],
    ['a quote inside an unquoted cell of a line that also quotes one', 'a,b\n"1",12" screen\n2,z\n', [3], [2]],
    ['CR line ends', 'a,b\r1,"x"y\r2,z\r', [3], [2]],
    ['a CRLF split by the restart', 'a,b\r\n1,"x"\r\n2,"y"z\r\n3,w\r\n\r\n4,v', [2, 4, 6], [3]],
    ['two broken lines in a row', 'a,b\n1,"x"y\n2,"z"w\n3,v\n', [4], [2, 3]],
  ])('reports %s at its line', async (_case, content, rowLines, issueLines) => {
    const { items } = await readItems(await writeCsv(content));
    expect(items.filter((item) => item.kind === 'row').map((item) => item.line)).toEqual(rowLines);
    expect(items.filter((item) => item.kind === 'issue').map((item) => item.line)).toEqual(issueLines);
  });

  it('reads quotes inside cells that do not start with one as text, as spreadsheets do', async () => {
    const { items } = await readItems(await writeCsv('code;name;description\r\nS1;Boulangerie "Le Four";12" screen, 3" stand\r\nS2;"Quoted";fine\r\n'));
    expect(items).toEqual([
      { kind: 'row', line: 2, values: { code: 'S1', name: 'Boulangerie "Le Four"', description: '12" screen, 3" stand' } },
      { kind: 'row', line: 3, values: { code: 'S2', name: 'Quoted', description: 'fine' } },
    ]);
  });

  it('keeps the cells of a line whose quotes are misplaced as a spreadsheet reads them, for the report, and none of a line they would not fit', async () => {
    const { items } = await readItems(await writeCsv('code,name,city\n"S1",Name "with" quotes,Paris\nS2,"Le ""Four"" "annexe,Nice\nS3,"x"y,"z",w\n'));
    const error = (problem: string): string => `${problem}; enclose such a cell in double quotes and double the quotes inside it`;
    expect(items).toEqual([
      { kind: 'issue', line: 2, errors: [error('a cell that does not start with a quote contains one')], values: { code: 'S1', name: 'Name "with" quotes', city: 'Paris' }, faulty: ['name'] },
      { kind: 'issue', line: 3, errors: [error('text follows the closing quote of a cell')], values: { code: 'S2', name: 'Le "Four" annexe', city: 'Nice' }, faulty: ['name'] },
      { kind: 'issue', line: 4, errors: [error('text follows the closing quote of a cell')] },
    ]);
  });

  it('reports a line with values right of the header, and keeps the line', async () => {
    const { items } = await readItems(await writeCsv('a;b;;\n1;2;3\n4;5;;\n6;"7;x";;8\n'));
    expect(items).toEqual([
      { kind: 'issue', line: 2, errors: ["column C has a value but no header; enclose cells that contain ';' in double quotes; the line as read: 1;2;3"] },
      { kind: 'row', line: 3, values: { a: '4', b: '5' } },
      { kind: 'issue', line: 4, errors: ["column D has a value but no header; enclose cells that contain ';' in double quotes; the line as read: 6;\"7;x\";;8"] },
    ]);
  });

  it('fails when the header itself is malformed', async () => {
    const path = await writeCsv('a,"b\n1,2\n');
    await expect(readItems(path)).rejects.toThrow(
      `Could not read ${path}: its header (line 1) is malformed: a quoted cell is never closed. Fix the header line.`,
    );
  });
});
