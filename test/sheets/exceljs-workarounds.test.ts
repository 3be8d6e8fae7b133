import { join } from 'node:path';
import { Duplex, PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openSheetWriter } from '../../src/sheets/index.js';
import { holdEarlyZipEnd } from '../../src/sheets/xlsx/mend/hold-early-zip-end.js';
import { repairExceljsReading } from '../../src/sheets/xlsx/mend/repair-exceljs-reading.js';
import { estimateRows } from './estimate-rows.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';
import { writeZip } from './write-zip.js';

// Long enough for the sheet and shared strings parts to span many zip chunks.
const ROWS = 3_000;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const text = (index: number): string => `${'é'.repeat(40)} n°${index} ${'😀東'.repeat(10)}`;

describe('exceljs workarounds', () => {
  it('keeps characters whose UTF-8 bytes straddle two chunks, in inline strings', async () => {
    const path = join(await makeTempDir(), 'inline.xlsx');
    const writer = await openSheetWriter(path, { columns: [{ key: 'name' }] });
    for (let index = 0; index < ROWS; index += 1) await writer.writeRow({ name: text(index) });
    await writer.close();
    const { items } = await readItems(path);
    expect(items.filter((item) => item.kind === 'row' && item.values.name === text(item.line - 2))).toHaveLength(ROWS);
  });

  it('keeps characters whose UTF-8 bytes straddle two chunks, in shared strings', async () => {
    // exceljs's in-memory writer itself corrupts some of these characters; its streaming writer does not.
    const path = join(await makeTempDir(), 'shared.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(['name']).commit();
    for (let index = 0; index < ROWS; index += 1) sheet.addRow([text(index)]).commit();
    sheet.commit();
    await workbook.commit();
    const { items } = await readItems(path);
    expect(items.filter((item) => item.kind === 'row' && item.values.name === text(item.line - 2))).toHaveLength(ROWS);
  });

  it('reads a string, not its phonetic reading (Japanese Excel), an inline string of several runs whole, text that looks like XML entities as typed, and ISO date cells as dates', async () => {
    const path = join(await makeTempDir(), 'phonetic.xlsx');
    const name = (index: number): string => `東京駅前店 ${index}`;
    // As Japanese Excel writes them: the reading after the text, in runs or not.
    const shared = (index: number): string =>
      index % 2 === 0
        ? `<si><t>${name(index)}</t><rPh sb="0" eb="5"><t>トウキョウエキマエテン</t></rPh><phoneticPr fontId="1"/></si>`
        : `<si><r><t>東京</t></r><r><rPr><b/></rPr><t xml:space="preserve">駅前店 ${index}</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>`;
    function* strings(): Generator<Buffer> {
      yield Buffer.from(`<sst xmlns="${MAIN}" count="${ROWS}" uniqueCount="${ROWS}">`);
      for (let index = 0; index < ROWS; index++) yield Buffer.from(shared(index));
      yield Buffer.from('</sst>');
    }
    function* sheet(): Generator<Buffer> {
      yield Buffer.from(`<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>note</t></is></c><c r="C1" t="inlineStr"><is><t>html</t></is></c><c r="D1" t="inlineStr"><is><t>formula</t></is></c><c r="E1" t="inlineStr"><is><t>opened</t></is></c><c r="F1" t="inlineStr"><is><t>closed</t></is></c><c r="G1" t="inlineStr"><is><t>at</t></is></c></row>`);
      for (let index = 0; index < ROWS; index++) {
        const row = index + 2;
        yield Buffer.from(
          `<row r="${row}"><c r="A${row}" t="s"><v>${index}</v></c><c r="B${row}" t="inlineStr"><is><r><t>Open </t></r><r><rPr><i/></rPr><t>late</t></r></is></c>` +
            `<c r="C${row}" t="inlineStr"><is><t>&amp;lt;b&amp;gt; &amp;amp; &lt;</t></is></c><c r="D${row}" t="str"><f>"&amp;"&amp;"lt;"</f><v>&amp;lt;</v></c>` +
            `<c r="E${row}" t="d"><v>2024-01-05T00:00:00Z</v></c><c r="F${row}" s="1" t="d"/><c r="G${row}" t="d"><v>2024-01-05T10:30:00</v></c></row>`,
        );
      }
      yield Buffer.from('</sheetData></worksheet>');
    }
    await writeZip(path, [
      { name: 'xl/workbook.xml', content: [Buffer.from(`<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="stores" sheetId="1" r:id="rId1"/></sheets></workbook>`)] },
      { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="worksheet"/></Relationships>')] },
      { name: 'xl/sharedStrings.xml', content: strings() },
      { name: 'xl/worksheets/sheet1.xml', content: sheet() },
    ]);
    const { items } = await readItems(path);
    const names = items.map((item) => (item.kind === 'row' ? item.values : item));
    expect(names).toEqual(Array.from({ length: ROWS }, (_, index) => ({ name: name(index), note: 'Open late', html: '&lt;b&gt; &amp; <', formula: '&lt;', opened: '2024-01-05', closed: '', at: '2024-01-05T10:30:00' })));
  });

  it('reads a workbook as the Open XML SDK writes them: parts written with a namespace prefix, the first worksheet part named sheet.xml, rows and cells without their reference', async () => {
    const path = join(await makeTempDir(), 'prefixed.xlsx');
    const relationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
    function* strings(): Generator<Buffer> {
      yield Buffer.from(`<?xml version="1.0" encoding="utf-8"?><x:sst xmlns:x="${MAIN}"><x:si><x:t>name</x:t></x:si>`);
      for (let index = 0; index < ROWS; index++) yield Buffer.from(`<x:si><x:t>${text(index)}</x:t></x:si>`);
      yield Buffer.from('</x:sst>');
    }
    function* sheet(): Generator<Buffer> {
      yield Buffer.from(`<?xml version="1.0" encoding="utf-8"?><x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>row</x:t></x:is></x:c></x:row>`);
      for (let index = 0; index < ROWS; index++) {
        const row = index + 2;
        // Rows and cells without their reference, as programs may write them with the SDK.
        yield Buffer.from(`<x:row><x:c t="s"><x:v>${index + 1}</x:v></x:c><x:c><x:v>${row}</x:v></x:c></x:row>`);
      }
      yield Buffer.from('</x:sheetData></x:worksheet>');
    }
    await writeZip(path, [
      { name: 'xl/worksheets/sheet2.xml', content: [Buffer.from(`<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>about</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`)] },
      { name: 'xl/workbook.xml', content: [Buffer.from(`<x:workbook xmlns:x="${MAIN}" xmlns:r="${RELATIONSHIPS}"><x:sheets><x:sheet name="Stores" sheetId="1" r:id="R2"/><x:sheet name="About" sheetId="2" r:id="R3"/></x:sheets></x:workbook>`)] },
      { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from(`<p:Relationships xmlns:p="${relationships}"><p:Relationship Id="R2" Target="/xl/worksheets/sheet.xml" Type="worksheet"/><p:Relationship Id="R3" Target="worksheets/sheet2.xml" Type="worksheet"/></p:Relationships>`)] },
      { name: 'xl/sharedStrings.xml', content: strings() },
      { name: 'xl/worksheets/sheet.xml', content: sheet() },
    ]);
    const { items } = await readItems(path);
    expect(items.map((item) => (item.kind === 'row' ? item.values : item))).toEqual(Array.from({ length: ROWS }, (_, index) => ({ name: text(index), row: String(index + 2) })));
    expect(await estimateRows(path)).toBe(ROWS);
  });

  it('reads a workbook written pretty-printed without the line breaks and indents between its tags, and keeps the spaces of a text', async () => {
    const path = join(await makeTempDir(), 'pretty.xlsx');
    const indent = (depth: number): string => `\n${'  '.repeat(depth)}`;
    const cell = (ref: string, inner: string, type = ''): string => `${indent(3)}<c r="${ref}"${type}>${inner}${indent(3)}</c>`;
    function* strings(): Generator<Buffer> {
      yield Buffer.from(`<?xml version="1.0"?>\n<sst xmlns="${MAIN}">${indent(1)}<si>${indent(2)}<t>name</t>${indent(1)}</si>`);
      for (let index = 0; index < ROWS; index++) yield Buffer.from(`${indent(1)}<si>${indent(2)}<r>${indent(3)}<t>${text(index)}</t>${indent(2)}</r>${indent(1)}</si>`);
      yield Buffer.from('\n</sst>\n');
    }
    function* sheet(): Generator<Buffer> {
      yield Buffer.from(`<?xml version="1.0"?>\n<worksheet xmlns="${MAIN}">${indent(1)}<sheetData>${indent(2)}<row r="1">`);
      yield Buffer.from(`${cell('A1', `${indent(4)}<v>0</v>`, ' t="s"')}${cell('B1', `<is>${indent(4)}<t>count</t>${indent(3)}</is>`, ' t="inlineStr"')}${cell('C1', '<is><t>spaces</t></is>', ' t="inlineStr"')}${indent(2)}</row>`);
      for (let index = 0; index < ROWS; index++) {
        const row = index + 2;
        const count = cell(`B${row}`, `${indent(4)}<v>${row}</v>`);
        const spaces = cell(`C${row}`, `${indent(4)}<is>${indent(5)}<t xml:space="preserve">  two  </t>${indent(4)}</is>`, ' t="inlineStr"');
        yield Buffer.from(`${indent(2)}<row r="${row}">${cell(`A${row}`, `${indent(4)}<v>${index + 1}</v>`, ' t="s"')}${count}${spaces}${indent(2)}</row>`);
      }
      yield Buffer.from(`${indent(1)}</sheetData>\n</worksheet>\n`);
    }
    await writeZip(path, [
      { name: 'xl/workbook.xml', content: [Buffer.from(`<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">\n  <sheets>\n    <sheet name="Stores" sheetId="1" r:id="rId1"/>\n  </sheets>\n</workbook>`)] },
      { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\n  <Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="worksheet"/>\n</Relationships>')] },
      { name: 'xl/sharedStrings.xml', content: strings() },
      { name: 'xl/worksheets/sheet1.xml', content: sheet() },
    ]);
    const { items } = await readItems(path);
    expect(items.map((item) => (item.kind === 'row' ? item.values : item))).toEqual(Array.from({ length: ROWS }, (_, index) => ({ name: text(index), count: String(index + 2), spaces: '  two  ' })));
  });

  it('reads a formula whose saved result is 0, FALSE (as LibreOffice saves every boolean) or an empty text, which exceljs drops', async () => {
    const path = join(await makeTempDir(), 'falsy-results.xlsx');
    const header = ['zero', 'no', 'blank', 'yes', 'two', 'unsaved'].map((name, index) => `<c r="${String.fromCharCode(65 + index)}1" t="inlineStr"><is><t>${name}</t></is></c>`).join('');
    const row =
      '<c r="A2"><f>10-10</f><v>0</v></c><c r="B2" t="b"><f>FALSE()</f><v>0</v></c><c r="C2" t="str"><f>IF(1,"","x")</f><v></v></c>' +
      '<c r="D2" t="b"><f>TRUE()</f><v>1</v></c><c r="E2"><f>1+1</f><v>2</v></c><c r="F2"><f>1+1</f></c>';
    await writeZip(path, [
      { name: 'xl/workbook.xml', content: [Buffer.from(`<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="stores" sheetId="1" r:id="rId1"/></sheets></workbook>`)] },
      { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="worksheet"/></Relationships>')] },
      { name: 'xl/worksheets/sheet1.xml', content: [Buffer.from(`<worksheet xmlns="${MAIN}"><sheetData><row r="1">${header}</row><row r="2">${row}</row></sheetData></worksheet>`)] },
    ]);
    const { items } = await readItems(path);
    // The formula without a saved result still says so: only the row of that cell is refused.
    expect(items).toEqual([
      {
        kind: 'issue',
        line: 2,
        errors: ['unsaved: the formula has an error or no saved result; fix it, or open and save the file in Excel or LibreOffice'],
        values: { zero: '0', no: 'FALSE', blank: '', yes: '1', two: '2', unsaved: '' },
        faulty: ['unsaved'],
      },
    ]);
  });

  it('refuses an exceljs whose private parsers changed', () => {
    expect(() => {
      repairExceljsReading({});
    }).toThrow('exceljs has no _parseRels any more: check repairExceljsReading');
  });

  it("holds back a zip parser's 'end' until its buffered entries are read", async () => {
    const input = new PassThrough();
    holdEarlyZipEnd(input);
    const zip = new Duplex({
      readableObjectMode: true,
      read: () => undefined,
      write: (_chunk, _encoding, callback) => {
        callback();
      },
    });
    input.pipe(zip);
    const ends: number[] = [];
    zip.on('end', () => ends.push(zip.readableLength));
    zip.push('sheet1.xml');
    zip.push('workbook.xml');
    zip.push(null);
    // What unzipper does on reaching the end of the archive.
    zip.emit('end');
    expect(ends).toEqual([]);
    expect(await zip.toArray()).toEqual(['sheet1.xml', 'workbook.xml']);
    expect(ends).toEqual([0]);
  });
});
