import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSheetFormat, openSheetReader, openSheetWriter, SheetError } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';

describe('choosing the format by extension', () => {
  it.each([
    ['listings.csv', 'csv'],
    ['listings.TSV', 'csv'],
    ['listings.txt', 'csv'],
    ['Listings.XLSX', 'xlsx'],
  ])('reads %s as %s', (path, format) => {
    expect(detectSheetFormat(path, 'read')).toBe(format);
  });

  it.each([
    ['book.xlsm', 'Could not read book.xlsm: it is a macro-enabled workbook (.xlsm), and macros are not run nor kept. Save it as an Excel workbook (.xlsx).'],
    ['book.xls', 'Could not read book.xls: the Excel 97-2003 format (.xls) is not supported. Save it as an Excel workbook (.xlsx) or as CSV.'],
    ['book.ods', "Could not read book.ods: '.ods' files are not supported. Use a .csv, .tsv, .txt or .xlsx file."],
    ['book', 'Could not read book: the file name has no extension. Use a .csv, .tsv, .txt or .xlsx file.'],
  ])('refuses %s', async (name, message) => {
    const error = await openSheetReader(name).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SheetError);
    expect(error).toMatchObject({ name: 'SheetError', message });
  });

  it('refuses to write a macro-enabled workbook', async () => {
    const path = join(await makeTempDir(), 'out.xlsm');
    await expect(openSheetWriter(path, { columns: [{ key: 'a' }] })).rejects.toThrow(`Could not write ${path}: it is a macro-enabled workbook`);
  });

  it('fails on a folder', async () => {
    const dir = join(await makeTempDir(), 'folder.csv');
    await mkdir(dir);
    await expect(openSheetReader(dir)).rejects.toThrow(`Could not read ${dir}: it is a folder, not a file. Give the path of a .csv or .xlsx file.`);
  });
});
