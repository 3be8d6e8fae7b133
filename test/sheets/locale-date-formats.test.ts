import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';
import { writeZip } from './write-zip.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
// Cell formats: 0 General, 1 Japanese long date (31), 2 Chinese date (57), 3 Thai date (71), 4 id 32 as this workbook defines it.
const STYLES =
  `<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="32" formatCode="0.00"/></numFmts>` +
  '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="31" applyNumberFormat="1"/><xf applyNumberFormat="1" numFmtId="57"/><xf numFmtId="71"/><xf numFmtId="32"/></cellXfs></styleSheet>';

describe('dates in the built-in formats of Chinese, Japanese, Korean and Thai Excel', () => {
  it('reads them as dates, and a format the workbook defines as it defines it', async () => {
    const path = join(await makeTempDir(), 'dates.xlsx');
    const cells = ['opened', 'long', 'chinese', 'thai', 'defined'].map((header, index) => `<c r="${String.fromCharCode(65 + index)}1" t="inlineStr"><is><t>${header}</t></is></c>`);
    const values = [0, 1, 2, 3, 4].map((style) => `<c r="${String.fromCharCode(65 + style)}2" s="${style}"><v>45296</v></c>`);
    await writeZip(path, [
      { name: 'xl/workbook.xml', content: [Buffer.from(`<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="stores" sheetId="1" r:id="rId1"/></sheets></workbook>`)] },
      { name: 'xl/_rels/workbook.xml.rels', content: [Buffer.from('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="worksheet"/></Relationships>')] },
      { name: 'xl/styles.xml', content: [Buffer.from(STYLES)] },
      { name: 'xl/worksheets/sheet1.xml', content: [Buffer.from(`<worksheet xmlns="${MAIN}"><sheetData><row r="1">${cells.join('')}</row><row r="2">${values.join('')}</row></sheetData></worksheet>`)] },
    ]);
    const { items } = await readItems(path);
    expect(items.map((item) => (item.kind === 'row' ? item.values : item))).toEqual([{ opened: '45296', long: '2024-01-05', chinese: '2024-01-05', thai: '2024-01-05', defined: '45296' }]);
  });
});
