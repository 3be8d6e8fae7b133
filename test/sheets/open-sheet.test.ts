import { execFileSync } from 'node:child_process';
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
    ['book.xlsm', 'Could not read book.xlsm: it is a macro-enabled workbook (.xlsm), and macros are not run nor kept. Save it as an Excel workbook (.xlsx) or as CSV: Excel, LibreOffice and Numbers open and save both.'],
    ['book.xls', 'Could not read book.xls: the Excel 97-2003 format (.xls) is not supported. Save it as an Excel workbook (.xlsx) or as CSV: Excel, LibreOffice and Numbers open and save both.'],
    ['book.ods', 'Could not read book.ods: the OpenDocument spreadsheet format (.ods) of LibreOffice is not supported. Save it as an Excel workbook (.xlsx) or as CSV: Excel, LibreOffice and Numbers open and save both.'],
    ['book.numbers', 'Could not read book.numbers: the Numbers format (.numbers) is not supported. Save it as an Excel workbook (.xlsx) or as CSV: Excel, LibreOffice and Numbers open and save both.'],
    ['book.pdf', "Could not read book.pdf: '.pdf' files are not supported. Use a .csv, .tsv, .txt or .xlsx file."],
    ['book', 'Could not read book: the file name has no extension. Use a .csv, .tsv, .txt or .xlsx file.'],
  ])('refuses %s', async (name, message) => {
    const error = await openSheetReader(name).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SheetError);
    expect(error).toMatchObject({ name: 'SheetError', message });
  });

  it('refuses to write a macro-enabled workbook or an OpenDocument one, and names what it writes', async () => {
    const dir = await makeTempDir();
    await expect(openSheetWriter(join(dir, 'out.xlsm'), { columns: [{ key: 'a' }] })).rejects.toThrow(`Could not write ${join(dir, 'out.xlsm')}: it is a macro-enabled workbook`);
    await expect(openSheetWriter(join(dir, 'out.ods'), { columns: [{ key: 'a' }] })).rejects.toThrow(
      `Could not write ${join(dir, 'out.ods')}: the OpenDocument spreadsheet format (.ods) of LibreOffice is not supported. Name an .xlsx or a .csv file: Excel, LibreOffice and Numbers open and save both.`,
    );
  });

  it('fails on a folder', async () => {
    const dir = join(await makeTempDir(), 'folder.csv');
    await mkdir(dir);
    await expect(openSheetReader(dir)).rejects.toThrow(`Could not read ${dir}: it is a folder, not a file. Give the path of a .csv or .xlsx file.`);
  });

  it('does not write over a pipe, which the file would replace', async () => {
    const pipe = join(await makeTempDir(), 'out.csv');
    execFileSync('mkfifo', [pipe]);
    await expect(openSheetWriter(pipe, { columns: [{ key: 'a' }] })).rejects.toThrow(
      `Could not write ${pipe}: it is a pipe, which the file written would replace. Name a file; an export writes to standard output with --out -, to pipe from there.`,
    );
  });

  it('fails on a pipe, which a job cannot read twice, saying how the import command reads one', async () => {
    const pipe = join(await makeTempDir(), 'stores.csv');
    execFileSync('mkfifo', [pipe]);
    await expect(openSheetReader(pipe)).rejects.toThrow(
      `Could not read ${pipe}: it is a pipe, not a file, and a sheet is read more than once. Save the sheet to a file and name that one (the import command reads a pipe given as its file, or - for standard input).`,
    );
  });
});
