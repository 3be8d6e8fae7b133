import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './fixture-path.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

// Made from libreoffice-types.fods with: soffice --headless --convert-to xlsx libreoffice-types.fods
const LIBREOFFICE = fixturePath('libreoffice-types.xlsx');

async function writeWorkbook(build: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  const path = join(await makeTempDir(), 'book.xlsx');
  await workbook.xlsx.writeFile(path);
  return path;
}

describe('reading an XLSX saved by LibreOffice Calc', () => {
  it('reads typed cells as the spreadsheet shows them', async () => {
    const { reader, items } = await readItems(LIBREOFFICE, { resource: 'locations' });
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'locations' });
    expect(reader.columns).toEqual(['Store Code', 'Postal Code', 'Opened', 'Active', 'Rating', 'Total', 'Name', 'Website']);
    expect(reader.warnings).toEqual([]);
    expect(items).toEqual([
      {
        kind: 'row',
        line: 2,
        values: {
          'Store Code': '0042',
          'Postal Code': '75001',
          Opened: '2024-03-15',
          Active: true,
          Rating: '4.5',
          Total: '9',
          Name: 'Café du Port',
          Website: 'example.com/port',
        },
      },
      {
        kind: 'row',
        line: 3,
        values: {
          'Store Code': '-7',
          'Postal Code': '06000',
          Opened: '2024-03-15T09:30:00',
          Active: false,
          Rating: '1234567.891',
          Total: 'ab',
          Name: 'Line one\nLine two',
          Website: '+33 1 23 45 67 89',
        },
      },
      {
        kind: 'row',
        line: 4,
        values: {
          'Store Code': 'S-3',
          'Postal Code': '06000',
          Opened: '13:45:00',
          Active: true,
          Rating: '0.3',
          Total: '1902-09-27',
          Name: "'quoted", // a quote the writer did not add is the cell's own
          Website: '',
        },
      },
      {
        kind: 'issue',
        line: 5,
        errors: ['Name: the formula has an error or no saved result; fix it, or open and save the file in Excel or LibreOffice'],
        // The cells that read go back to the report, the one at fault empty.
        values: { 'Store Code': 'S-4', 'Postal Code': '', Opened: '', Active: '', Rating: '', Total: '', Name: '', Website: '' },
        faulty: ['Name'],
      },
    ]);
  });
});

describe('choosing the sheet', () => {
  it('reads the first sheet by default', async () => {
    const { reader, items } = await readItems(LIBREOFFICE);
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'About' });
    expect(items).toEqual([{ kind: 'row', line: 2, values: { Notes: 'Made by hand in flat ODS, converted with LibreOffice.' } }]);
  });

  it('reads the sheet named after the resource, then a sheet named explicitly, case-insensitively', async () => {
    const byResource = await readItems(LIBREOFFICE, { resource: 'LOCATIONS' });
    expect(byResource.reader.source).toEqual({ format: 'xlsx', sheet: 'locations' });
    const byName = await readItems(LIBREOFFICE, { resource: 'locations', sheet: 'about' });
    expect(byName.reader.source).toEqual({ format: 'xlsx', sheet: 'About' });
  });

  it('reads the sheet named after the resource with a space typed after its name, which its tab does not show', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('Notes').addRows([['note'], ['Read me first']]);
      workbook.addWorksheet('Locations ').addRows([['code'], ['S1']]);
    });
    const { reader, items } = await readItems(path, { resource: 'locations' });
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'Locations ' });
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1' } }]);
    expect((await readItems(path, { sheet: 'locations' })).reader.source).toEqual({ format: 'xlsx', sheet: 'Locations ' });
  });

  it('fails on a missing sheet named explicitly, listing the sheets and naming the one it may be a typo of', async () => {
    await expect(readItems(LIBREOFFICE, { sheet: 'Stores' })).rejects.toThrow(
      `Could not read ${LIBREOFFICE}: it has no sheet named 'Stores'; its sheets: 'About', 'locations'. Give one of these sheet names, or rename the sheet.`,
    );
    await expect(readItems(LIBREOFFICE, { sheet: 'locatoins' })).rejects.toThrow(
      `Could not read ${LIBREOFFICE}: it has no sheet named 'locatoins' (did you mean 'locations'?); its sheets: 'About', 'locations'.`,
    );
  });

  it('skips a hidden first sheet', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('Lists', { state: 'hidden' }).addRow(['choice']);
      workbook.addWorksheet('Data').addRows([['code'], ['S1']]);
    });
    const { reader } = await readItems(path);
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'Data' });
    expect(reader.warnings).toEqual(["Sheet 'Lists' is hidden: it is not read unless --sheet names it."]);
  });

  it('reads no hidden sheet, even one named after the resource, and names those it passed over', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('Old', { state: 'hidden' }).addRows([['code'], ['OLD']]);
      workbook.addWorksheet('Data').addRows([['code'], ['S1']]);
      workbook.addWorksheet('locations', { state: 'veryHidden' }).addRows([['code'], ['SECRET']]);
    });
    const { reader, items } = await readItems(path, { resource: 'locations' });
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'Data' });
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1' } }]);
    expect(reader.warnings).toEqual(["Sheets 'Old', 'locations' are hidden: they are not read unless --sheet names one."]);

    const named = await readItems(path, { resource: 'locations', sheet: 'Locations' });
    expect(named.reader.source).toEqual({ format: 'xlsx', sheet: 'locations' });
    expect(named.items).toEqual([{ kind: 'row', line: 2, values: { code: 'SECRET' } }]);
    expect(named.reader.warnings).toEqual([]);
  });

  it('says nothing of a hidden sheet after the one read, as the lists behind the dropdowns of a template', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('locations').addRows([['code'], ['S1']]);
      workbook.addWorksheet('Lists', { state: 'hidden' }).addRow(['choice']);
    });
    const { reader } = await readItems(path, { resource: 'locations' });
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'locations' });
    expect(reader.warnings).toEqual([]);
  });

  it('fails on a workbook whose sheets are all hidden, unless one is named', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('A', { state: 'hidden' }).addRows([['code'], ['S1']]);
      workbook.addWorksheet('B', { state: 'veryHidden' }).addRows([['code'], ['S2']]);
    });
    await expect(readItems(path)).rejects.toThrow(`Could not read ${path}: all its sheets are hidden ('A', 'B'). Name the sheet to import with --sheet.`);
    expect((await readItems(path, { sheet: 'B' })).items).toEqual([{ kind: 'row', line: 2, values: { code: 'S2' } }]);
  });

  // An exceljs workbook whose xl/_rels/workbook.xml.rels targets were rewritten to "/xl/worksheets/sheetN.xml".
  it('finds sheets whose relationships use absolute paths, as openpyxl writes them', async () => {
    const { reader, items } = await readItems(fixturePath('absolute-sheet-paths.xlsx'), { resource: 'locations' });
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'locations' });
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1', name: 'Le Bistrot' } }]);
  });
});

describe('XLSX cells and rows', () => {
  it('ignores trailing empty rows and columns, and empty rows between data', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Data');
      sheet.addRows([['code', 'name'], ['S1', 'One'], [], ['S2', 'Two']]);
      for (const address of ['C1', 'D2', 'A9', 'B12']) sheet.getCell(address).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
    });
    const { reader, items } = await readItems(path);
    expect(reader.columns).toEqual(['code', 'name']);
    expect(reader.warnings).toEqual([]);
    expect(items).toEqual([
      { kind: 'row', line: 2, values: { code: 'S1', name: 'One' } },
      { kind: 'row', line: 4, values: { code: 'S2', name: 'Two' } },
    ]);
  });

  it('reads rich text, hyperlinks, formulas, errors and the header row wherever it starts', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Data');
      sheet.getCell('B3').value = 'code';
      sheet.getCell('C3').value = 'text';
      sheet.getCell('B4').value = 'rich';
      sheet.getCell('C4').value = { richText: [{ text: 'Le ' }, { text: 'Bistrot', font: { bold: true } }] };
      sheet.getCell('B5').value = 'link';
      sheet.getCell('C5').value = { text: 'example.com', hyperlink: 'https://example.com' };
      sheet.getCell('B6').value = 'formula';
      sheet.getCell('C6').value = { formula: 'UPPER("ab")', result: 'AB' };
      sheet.getCell('B7').value = 'error';
      sheet.getCell('C7').value = { error: '#N/A' };
      sheet.getCell('B8').value = 'number';
      sheet.getCell('C8').value = 75001;
      sheet.getCell('B9').value = 'float';
      sheet.getCell('C9').value = 0.1 + 0.2;
    });
    const { items } = await readItems(path);
    expect(items).toEqual([
      { kind: 'row', line: 4, values: { code: 'rich', text: 'Le Bistrot' } },
      { kind: 'row', line: 5, values: { code: 'link', text: 'example.com' } },
      { kind: 'row', line: 6, values: { code: 'formula', text: 'AB' } },
      { kind: 'issue', line: 7, errors: ['text: the cell shows the error #N/A'], values: { code: 'error', text: '#N/A' }, faulty: ['text'] },
      { kind: 'row', line: 8, values: { code: 'number', text: '75001' } },
      { kind: 'row', line: 9, values: { code: 'float', text: '0.3' } },
    ]);
  });

  it('reads a workbook of the 1904 date system (Excel for Mac of old): its dates and times, and a source that tells its serials', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.properties.date1904 = true;
      const sheet = workbook.addWorksheet('Data');
      sheet.addRow(['code', 'opened', 'opens']);
      sheet.addRow(['A', new Date(Date.UTC(2023, 6, 29)), 0.375]);
      sheet.getCell('C2').numFmt = 'hh:mm';
    });
    const { reader, items } = await readItems(path);
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'Data', date1904: true });
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'A', opened: '2023-07-29', opens: '09:00:00' } }]);
  });

  it('fails on a file that is not a workbook', async () => {
    const path = join(await makeTempDir(), 'fake.xlsx');
    await writeFile(path, 'code,name\nS1,Le Bistrot\n');
    await expect(readItems(path)).rejects.toThrow(`Could not read ${path}: it is a text file, not a workbook: perhaps a CSV named .xlsx.`);
  });
});
