import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const KNOWN = ['storeCode', 'name'];
const SKIPPED = "Skipped 3 row(s) above the header, each with a single cell that names no column ('Stores report', 'Generated 2026-03-01 10:00', 'Filtered by: Country equals France'): the header is row 5.";

async function readCsv(content: string): ReturnType<typeof readItems> {
  const path = join(await makeTempDir(), 'report.csv');
  await writeFile(path, content);
  return readItems(path, { knownColumns: KNOWN });
}

describe('rows above the header, as a CRM report puts them', () => {
  it('skips a title, a date and filters, one cell each, in a CSV, and says so', async () => {
    const { reader, items } = await readCsv('Stores report\n"Generated 2026-03-01 10:00"\nFiltered by: Country equals France\n\nstoreCode,name\nS1,Le Bistrot\n');
    expect(reader.columns).toEqual(KNOWN);
    expect(reader.warnings).toEqual([SKIPPED]);
    expect(items).toEqual([{ kind: 'row', line: 6, values: { storeCode: 'S1', name: 'Le Bistrot' } }]);
  });

  it('skips them in a workbook', async () => {
    const path = join(await makeTempDir(), 'report.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path });
    const sheet = workbook.addWorksheet('Report');
    for (const row of [['Stores report'], ['Generated 2026-03-01 10:00'], [null, 'Filtered by: Country equals France'], [], ['storeCode', 'name'], ['S1', 'Le Bistrot']]) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
    const { reader, items } = await readItems(path, { knownColumns: KNOWN });
    expect(reader.columns).toEqual(KNOWN);
    expect(reader.warnings).toEqual([SKIPPED]);
    expect(items).toEqual([{ kind: 'row', line: 6, values: { storeCode: 'S1', name: 'Le Bistrot' } }]);
  });

  it('reads a file of one column as it is, a comma in a cell included, and a title before a header of one column', async () => {
    const single = await readCsv('storeCode\nS1\nS2,closed\n');
    expect(single.reader.warnings).toEqual([]);
    expect(single.items.map((item) => (item.kind === 'row' ? item.values : item))).toEqual([{ storeCode: 'S1' }, { storeCode: 'S2,closed' }]);
    const titled = await readCsv('Stores to close\nstoreCode\nS1\n');
    expect(titled.reader.columns).toEqual(['storeCode']);
    expect(titled.items.map((item) => (item.kind === 'row' ? item.values : item))).toEqual([{ storeCode: 'S1' }]);
    const rows = Array.from({ length: 11 }, (_, index) => `row ${index}`).join('\n');
    const title = await readCsv(`Stores report\n${rows}\nstoreCode,name\n`);
    expect(title.reader.unknownColumns).toEqual(['Stores report']);
  });
  it('skips titles of several cells when a row below names a column the reader knows, and reads every row after it', async () => {
    const path = join(await makeTempDir(), 'report.csv');
    await writeFile(path, 'Stores report,page 1\nGenerated,2026-03-01,by Jane\n\nstoreCode,name\nS1,Le Bistrot\nS2,La Forge\n');
    const { reader, items } = await readItems(path, { knownColumns: KNOWN, headerNames: KNOWN });
    expect(reader.columns).toEqual(KNOWN);
    expect(reader.warnings).toEqual(["Skipped 2 row(s) above the header, which name no column the import reads ('Stores report | page 1', 'Generated | 2026-03-01 | by Jane'): the header is row 4."]);
    expect(items.map((item) => (item.kind === 'row' ? [item.line, item.values] : item))).toEqual([
      [5, { storeCode: 'S1', name: 'Le Bistrot' }],
      [6, { storeCode: 'S2', name: 'La Forge' }],
    ]);
  });

  it('takes the first row for the header when no row within reach names a known column, and reads the rows it looked at', async () => {
    const path = join(await makeTempDir(), 'typos.csv');
    await writeFile(path, 'store_code,nom\nS1,Le Bistrot\nS2,La Forge\n');
    const { reader, items } = await readItems(path, { headerNames: KNOWN });
    expect(reader.columns).toEqual(['store_code', 'nom']);
    expect(reader.warnings).toEqual([]);
    expect(items.map((item) => item.line)).toEqual([2, 3]);
  });
});
