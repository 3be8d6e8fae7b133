import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const KNOWN = ['code', 'name'];
const STORES = [
  ['code', 'name'],
  ['S1', 'Le Bistrot'],
];
// The sheet Numbers puts first when it exports a document to Excel.
const NUMBERS_SUMMARY = [
  ['This document was exported from Numbers. Each table was converted to an Excel worksheet.'],
  [],
  ['Numbers Sheet Name', 'Numbers Table Name', 'Excel Worksheet Name'],
  ['Sheet 1', 'Table 1', 'Sheet 1 - Table 1'],
];

async function writeWorkbook(sheets: [name: string, rows: string[][], state?: 'hidden'][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows, state] of sheets) workbook.addWorksheet(name, state === undefined ? {} : { state }).addRows(rows);
  const path = join(await makeTempDir(), 'stores.xlsx');
  await workbook.xlsx.writeFile(path);
  return path;
}

describe('a workbook whose first sheet holds no table to read', () => {
  it('is read from the first visible sheet whose header names a known column, with a warning', async () => {
    const path = await writeWorkbook([
      ['Export Summary', NUMBERS_SUMMARY],
      ['Old', STORES, 'hidden'],
      ['Notes', [['Read me first']]],
      ['Sheet 1 - Table 1', STORES],
    ]);
    const { reader, items } = await readItems(path, { resource: 'businesses', headerNames: KNOWN });
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'Sheet 1 - Table 1' });
    expect(reader.warnings).toEqual([
      "Sheet 'Export Summary', the first, names no column the import reads: sheet 'Sheet 1 - Table 1' is read, the first that does. Name the sheet to read with --sheet (a job step: sheet:).",
    ]);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1', name: 'Le Bistrot' } }]);
  });

  it('is read from its first sheet still when no sheet names a known column, or when a sheet is named or chosen', async () => {
    const unknown = await writeWorkbook([
      ['Export Summary', NUMBERS_SUMMARY],
      ['Other', [['Magasin', 'Nom']]],
    ]);
    expect((await readItems(unknown, { headerNames: KNOWN })).reader.source).toEqual({ format: 'xlsx', sheet: 'Export Summary' });
    const path = await writeWorkbook([
      ['businesses', NUMBERS_SUMMARY],
      ['Sheet 1 - Table 1', STORES],
    ]);
    expect((await readItems(path, { resource: 'businesses', headerNames: KNOWN })).reader.source).toEqual({ format: 'xlsx', sheet: 'businesses' });
    expect((await readItems(path, { sheet: 'businesses', headerNames: KNOWN })).reader.source).toEqual({ format: 'xlsx', sheet: 'businesses' });
  });

  it("is read from the first visible sheet holding the names to rename, when the first lacks them; else the first's error stands", async () => {
    const crm = [['Code magasin', 'Nom'], ['S1', 'Le Bistrot']];
    const renameColumns = new Map([['Code magasin', 'code'], ['nom', 'name']]);
    const path = await writeWorkbook([['Export Summary', NUMBERS_SUMMARY], ['Sheet 1 - Table 1', crm]]);
    const { reader, items } = await readItems(path, { resource: 'businesses', headerNames: KNOWN, renameColumns });
    expect(reader.source).toEqual({ format: 'xlsx', sheet: 'Sheet 1 - Table 1' });
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1', name: 'Le Bistrot' } }]);
    const none = await writeWorkbook([['Export Summary', NUMBERS_SUMMARY], ['Sheet 1 - Table 1', STORES]]);
    await expect(readItems(none, { resource: 'businesses', headerNames: KNOWN, renameColumns })).rejects.toThrow("its header has no column 'Code magasin', 'nom' to rename (its columns: Numbers Sheet Name | Numbers Table Name | Excel Worksheet Name)");
  });
});
