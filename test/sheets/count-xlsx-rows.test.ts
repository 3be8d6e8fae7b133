import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateRows } from './estimate-rows.js';
import { openXlsxWriter } from '../../src/sheets/xlsx/write-xlsx.js';
import { fixturePath } from './fixture-path.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';
import { writeZip } from './write-zip.js';

const WORKBOOK_XML = '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="About" sheetId="1" r:id="rId1"/><sheet name="R&amp;D" sheetId="2" r:id="rId2"/></sheets></workbook>';
const RELATIONS_XML = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="worksheet"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml" Type="worksheet"/></Relationships>';

/** A workbook of two sheets, the second with `rows` rows of inline strings (header included), then formatted empty rows, and no dimension. */
async function writeBareWorkbook(path: string, rows: number): Promise<void> {
  function* sheet(): Generator<Buffer> {
    yield Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
    // A thousand rows a chunk: each chunk is deflated on its own.
    for (let first = 1; first <= rows; first += 1000) {
      const last = Math.min(rows, first + 999);
      yield Buffer.from(Array.from({ length: last - first + 1 }, (_, index) => `<row r="${first + index}"><c r="A${first + index}" t="inlineStr"><is><t>store ${first + index}</t></is></c></row>`).join(''));
    }
    for (let row = rows + 1; row <= rows + 20; row++) yield Buffer.from(`<row r="${row}" customFormat="true"><c r="A${row}" s="1"/></row>`);
    yield Buffer.from('</sheetData><rowBreaks count="1"><brk id="10"/></rowBreaks></worksheet>');
  }
  await writeZip(path, [
    { name: 'xl/workbook.xml', content: [Buffer.from(WORKBOOK_XML)] },
    { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from(RELATIONS_XML)] },
    { name: 'xl/worksheets/sheet1.xml', content: [Buffer.from('<worksheet><sheetData><row r="1"><c><v>1</v></c></row><row r="2"><c><f>A1+1</f></c></row><row r="3"/></sheetData></worksheet>')] },
    { name: 'xl/worksheets/sheet2.xml', content: sheet() },
  ]);
}

describe('the rows of a workbook, for progress and shard plans', () => {
  it("counts the project's own export (no dimension, a large hidden _base column) exactly", async () => {
    const path = join(await makeTempDir(), 'stores.xlsx');
    const workbook = await openXlsxWriter(path);
    const rows = workbook.addSheet('businesses', [{ key: 'code', header: 'code' }, { key: '_base', header: '_base' }]);
    // _base is deflated and base64-encoded: it does not compress, so the file is far larger than 60 bytes a row.
    for (let row = 0; row < 2000; row++) await rows.writeRow({ code: `S${row}`, _base: randomBytes(600).toString('base64') });
    const about = workbook.addSheet('About', [{ key: 'column', header: 'column' }]);
    await about.writeRow({ column: 'code' });
    await workbook.close();
    expect((await stat(path)).size / 60).toBeGreaterThan(20_000);

    expect(await estimateRows(path, { resource: 'businesses' })).toBe(2000);
    expect(await estimateRows(path, { sheet: 'about' })).toBe(1);
  });

  it('counts the rows LibreOffice saved as the import reads them, not its formatted empty rows (which its dimension counts)', async () => {
    const path = fixturePath('libreoffice-types.xlsx');
    const { items } = await readItems(path, { sheet: 'locations' });
    expect(await estimateRows(path, { sheet: 'locations' })).toBe(items.length);
    // Without --sheet the import reads the sheet named after the resource, else the first visible one.
    expect(await estimateRows(path, { resource: 'locations' })).toBe(items.length);
    expect(await estimateRows(path)).toBe(1);
  });

  // 1.4 MB of XML: several inflated chunks, so rows cut between two are met.
  it('counts the rows of a sheet with no dimension across inflated chunks, found by its absolute path and escaped name', { timeout: 20_000 }, async () => {
    const path = join(await makeTempDir(), 'bare.xlsx');
    await writeBareWorkbook(path, 20_001);
    expect(await estimateRows(path, { sheet: 'R&D' })).toBe(20_000);
    // A value or a formula makes a row; an empty one does not.
    expect(await estimateRows(path)).toBe(1);
  });

  it('names a sheet the workbook does not have, as the import would', async () => {
    await expect(estimateRows(fixturePath('libreoffice-types.xlsx'), { sheet: 'stores' })).rejects.toThrow(/has no sheet named 'stores'/);
  });
});
