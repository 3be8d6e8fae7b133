import { text } from 'node:stream/consumers';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { withSourceFile } from '../../src/sheets/file/source-file.js';
import { openSheetWriter, openXlsxWriter } from '../../src/sheets/index.js';
import { openZipEntry } from '../../src/sheets/xlsx/zip/open-zip-entry.js';
import { readZipDirectory } from '../../src/sheets/xlsx/zip/read-zip-directory.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

async function loadWorkbook(path: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

/** A part of a workbook as written, such as `xl/workbook.xml`. */
async function readPart(path: string, name: string): Promise<string> {
  return withSourceFile(path, async (file) => {
    const entry = (await readZipDirectory(file)).find((candidate) => candidate.name.replace(/^\//, '') === name);
    if (entry === undefined) throw new Error(`no ${name} in ${path}`);
    return text(await openZipEntry(file, entry));
  });
}

describe('writing XLSX', () => {
  it('writes a bold, frozen, filtered header, widths from the content, and text-typed code columns', async () => {
    const path = join(await makeTempDir(), 'locations.xlsx');
    const writer = await openSheetWriter(path, {
      sheet: 'locations',
      columns: [
        { key: 'storeCode', header: 'Store code', text: true },
        { key: 'zip', text: true },
        { key: 'description' },
        { key: 'rating' },
        { key: 'open' },
      ],
    });
    await writer.writeRow({ storeCode: '0042', zip: '06000', description: `=HYPERLINK("x")\n${'long '.repeat(30)}`, rating: 4.5, open: true });
    await writer.writeRow({ storeCode: 42, zip: null, description: '', rating: -1.5, open: false });
    await writer.close();

    const sheet = (await loadWorkbook(path)).getWorksheet('locations');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.autoFilter).toBe('A1:E3');
    // The longest line of the header and the first rows, 6 to 50 characters, plus 2.
    expect([1, 2, 3, 4, 5].map((index) => sheet?.getColumn(index).width)).toEqual([12, 8, 52, 8, 8]);
    expect(sheet?.getCell('A1').font.bold).toBe(true);
    expect(sheet?.getCell('A1').text).toBe('Store code');
    expect(sheet?.getCell('A2').numFmt).toBe('@');
    expect(sheet?.getCell('B2').numFmt).toBe('@');
    expect(sheet?.getCell('C2').numFmt).toBeUndefined();
    expect([sheet?.getCell('A2').text, sheet?.getCell('B2').text, sheet?.getCell('A3').text]).toEqual(['0042', '06000', '42']);
    expect(sheet?.getCell('A3').type).toBe(ExcelJS.ValueType.RichText);
    // A string cell is never a formula: the text is written as it is.
    expect(sheet?.getCell('C2').text).toBe(`=HYPERLINK("x")\n${'long '.repeat(30)}`);
    expect(sheet?.getCell('C2').type).not.toBe(ExcelJS.ValueType.Formula);
    expect([sheet?.getCell('D2').value, sheet?.getCell('E2').value, sheet?.getCell('D3').value, sheet?.getCell('E3').value]).toEqual([4.5, true, -1.5, false]);
    expect([sheet?.getCell('B3').value, sheet?.getCell('C3').value]).toEqual([null, null]);
  });

  it('gives a column of Japanese, Korean or Chinese text, or emoji, the width they take on screen, and accents written apart none', async () => {
    const path = join(await makeTempDir(), 'wide.xlsx');
    const writer = await openSheetWriter(path, { sheet: 'wide', columns: [{ key: 'ja' }, { key: 'ko' }, { key: 'emoji' }, { key: 'nfd' }] });
    await writer.writeRow({ ja: '東京ベーカリー 渋谷店', ko: '서울 베이커리', emoji: '🍞🥐🥖 bread', nfd: 'Crème brûlée à la carte'.normalize('NFD') });
    await writer.close();
    const sheet = (await loadWorkbook(path)).getWorksheet('wide');
    expect([1, 2, 3, 4].map((index) => sheet?.getColumn(index).width)).toEqual([21 + 2, 13 + 2, 12 + 2, 23 + 2]);
  });

  it('writes several sheets, each with its own columns', async () => {
    const path = join(await makeTempDir(), 'export.xlsx');
    const workbook = await openXlsxWriter(path);
    const locations = workbook.addSheet('locations', [{ key: 'storeCode' }, { key: 'name' }]);
    await locations.writeRow({ storeCode: 'S1', name: 'Le Bistrot' });
    const fields = workbook.addSheet('Fields', [{ key: 'field' }, { key: 'meaning' }, { key: 'required' }]);
    await fields.writeRow({ field: 'storeCode', meaning: 'Your code for the location', required: true });
    await workbook.addSheet('About', [{ key: 'note' }]).writeRow({ note: 'Exported by listing-bulk' });
    await workbook.close();

    expect((await loadWorkbook(path)).worksheets.map((sheet) => sheet.name)).toEqual(['locations', 'Fields', 'About']);
    // Each sheet's filter holds its rows, and is named as Excel names it: LibreOffice shows no filter without that name.
    expect((await loadWorkbook(path)).worksheets.map((sheet) => sheet.autoFilter)).toEqual(['A1:B2', 'A1:C2', 'A1:A2']);
    expect((await readPart(path, 'xl/workbook.xml')).match(/<definedName name="_xlnm._FilterDatabase"[^<]*<\/definedName>/g)).toEqual([
      `<definedName name="_xlnm._FilterDatabase" localSheetId="0">&apos;locations&apos;!$A$1:$B$2</definedName>`,
      `<definedName name="_xlnm._FilterDatabase" localSheetId="1">&apos;Fields&apos;!$A$1:$C$2</definedName>`,
      `<definedName name="_xlnm._FilterDatabase" localSheetId="2">&apos;About&apos;!$A$1:$A$2</definedName>`,
    ]);
    const read = await readItems(path, { sheet: 'Fields' });
    expect(read.reader.columns).toEqual(['field', 'meaning', 'required']);
    expect(read.items).toEqual([{ kind: 'row', line: 2, values: { field: 'storeCode', meaning: 'Your code for the location', required: true } }]);
    expect((await readItems(path, { resource: 'locations' })).items).toEqual([
      { kind: 'row', line: 2, values: { storeCode: 'S1', name: 'Le Bistrot' } },
    ]);
  });

  it('lays a sheet out for people: fills by value, frozen key columns, hidden columns, landscape pages as wide as the paper', async () => {
    const path = join(await makeTempDir(), 'report.xlsx');
    const workbook = await openXlsxWriter(path);
    const rows = workbook.addSheet(
      'rows',
      [{ key: 'id' }, { key: 'status', fills: { ok: 'FFC6EFCE', bad: 'FFFFC7CE' } }, { key: 'note' }, { key: '_base', hidden: true }],
      { frozenColumns: 2 },
    );
    for (let index = 0; index < 250; index++) await rows.writeRow({ id: `r${index}`, status: index % 2 === 0 ? 'ok' : 'bad', note: index === 200 ? 'x'.repeat(80) : 'n', _base: 'b1.x' });
    const summary = workbook.addSheet('Summary', [{ key: 'item' }, { key: 'value' }], { first: true });
    await summary.writeRow({ item: 'rows', value: 250 });
    await workbook.close();

    const read = await loadWorkbook(path);
    expect(read.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'rows']);
    const sheet = read.getWorksheet('rows');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 1 });
    expect([sheet?.getColumn(4).hidden, sheet?.getColumn(3).hidden]).toEqual([true, false]);
    // Widths come from the first 100 rows: row 200's long note is not among them.
    expect(sheet?.getColumn(3).width).toBe(8);
    expect(sheet?.getCell('B2').fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFC6EFCE' } });
    expect(sheet?.getCell('B3').fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } });
    expect(sheet?.getCell('C2').fill).toBeUndefined();
    expect(sheet?.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(sheet?.rowCount).toBe(251);
    expect((await readItems(path, { resource: 'rows' })).items).toHaveLength(250);
  });

  it('refuses rows for a sheet that is finished', async () => {
    const workbook = await openXlsxWriter(join(await makeTempDir(), 'order.xlsx'));
    const first = workbook.addSheet('First', [{ key: 'a' }]);
    workbook.addSheet('Second', [{ key: 'b' }]);
    await expect(first.writeRow({ a: 'late' })).rejects.toThrow('Sheet First of');
    await workbook.close();
  });

  it('goes on in another sheet past the rows a sheet holds, when asked, each with the header', async () => {
    const path = join(await makeTempDir(), 'plan.xlsx');
    const workbook = await openXlsxWriter(path);
    const plan = workbook.addSheet('plan', [{ key: 'row' }], { continueWhenFull: true, maxRows: 5 });
    for (let row = 1; row <= 10; row++) await plan.writeRow({ row });
    const summary = workbook.addSheet('Summary', [{ key: 'rows' }]);
    await summary.writeRow({ rows: 10 });
    await workbook.close();
    const written = await loadWorkbook(path);
    expect(written.worksheets.map((sheet) => [sheet.name, Array.from({ length: sheet.rowCount }, (_, row) => sheet.getCell(row + 1, 1).text)])).toEqual([
      ['plan', ['row', '1', '2', '3', '4']],
      ['plan (2)', ['row', '5', '6', '7', '8']],
      ['plan (3)', ['row', '9', '10']],
      ['Summary', ['rows', '10']],
    ]);
    expect(written.worksheets.map((sheet) => sheet.autoFilter)).toEqual(['A1:A5', 'A1:A5', 'A1:A3', 'A1:A2']);
  });

  it('refuses a row past the rows a sheet holds otherwise, and leaves no file', async () => {
    const path = join(await makeTempDir(), 'stores.xlsx');
    const workbook = await openXlsxWriter(path);
    const rows = workbook.addSheet('businesses', [{ key: 'code' }], { maxRows: 150 });
    for (let row = 1; row < 150; row++) await rows.writeRow({ code: `S${row}` });
    await expect(rows.writeRow({ code: 'S150' })).rejects.toThrow(
      `Could not write ${path}: its sheet 'businesses' would hold more than 149 rows, the most Excel and LibreOffice open. Write a .csv file instead, or write fewer rows at once (--org, filters).`,
    );
    await expect(loadWorkbook(path)).rejects.toThrow('File not found');
  });

  it('fails early when the folder does not exist', async () => {
    const path = join(await makeTempDir(), 'missing', 'out.xlsx');
    await expect(openSheetWriter(path, { columns: [{ key: 'a' }] })).rejects.toThrow(`Could not write ${path}: ENOENT`);
  });
});
