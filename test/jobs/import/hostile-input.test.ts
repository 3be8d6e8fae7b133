import { createHash } from 'node:crypto';
import { copyFile, readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../../src/emulator/state-types.js';
import { openSheetWriter } from '../../../src/sheets/index.js';
import { writeZip } from '../../sheets/write-zip.js';
import { startImportHarness, type ImportHarness, type ImportOutcome } from './start-import-harness.js';

/** Each hostile file ends one of two ways: a job-level SheetError naming the file, or its rows marked invalid with the column and why. */
describe('hostile input', () => {
  let harness: ImportHarness;
  let businesses: Business[];
  beforeAll(async () => {
    harness = await startImportHarness();
    businesses = harness.api.emulator.state.orgBusinesses(1);
  });
  afterAll(() => harness.close());

  const idOf = (index: number): string => businesses[index]?.id ?? '';
  const statuses = (outcome: ImportOutcome) => outcome.results.map((row) => [row._row, row._status, row._errors]);

  async function write(name: string, content: string | Buffer): Promise<string> {
    const path = join(harness.dir, name);
    await writeFile(path, content);
    return path;
  }

  /** A workbook whose sheet `businesses` holds these rows. */
  async function writeBusinessesSheet(name: string, rows: ExcelJS.CellValue[][]): Promise<string> {
    const path = join(harness.dir, name);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('businesses').addRows(rows);
    await workbook.xlsx.writeFile(path);
    return path;
  }

  /** The import's refusal: a SheetError whose message names the file, never a bare Error with a stack to show. */
  async function refusalOf(path: string): Promise<string> {
    const error = await harness.importFile('businesses', path).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'SheetError' });
    const { message } = error as Error;
    expect(message.startsWith(`Could not read ${path}: `)).toBe(true);
    return message.slice(`Could not read ${path}: `.length);
  }

  it('an empty file', async () => {
    expect(await refusalOf(await write('empty.csv', ''))).toBe('the file is empty. Add a header row with the column names.');
    expect(await refusalOf(await write('empty.xlsx', ''))).toBe('the file is empty. Copy or download it again, or open it in Excel and save it as .xlsx.');
  });

  it('another kind of file named .xlsx: a CSV, a web page, a workbook with a password or an .xls', async () => {
    expect(await refusalOf(await write('csv.xlsx', 'business_id,name\r\nb1,Café\r\n'))).toBe('it is a text file, not a workbook: perhaps a CSV named .xlsx. If it is CSV, name it .csv; else open it in Excel and save it as .xlsx.');
    expect(await refusalOf(await write('page.xlsx', '\uFEFF<html><table><tr><td>business_id</td></tr></table></html>'))).toBe(
      'it is a web page or XML file, as some programs name the tables they export .xlsx. Open it in Excel and save it as .xlsx, or export the table as CSV.',
    );
    const compound = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]);
    expect(await refusalOf(await write('locked.xlsx', compound))).toBe(
      'it is a workbook protected by a password, or an Excel 97-2003 workbook (.xls) named .xlsx. Open it in Excel and save it as .xlsx without a password (File > Info > Protect Workbook > Encrypt with Password, left empty).',
    );
  });

  it('a header and no rows: nothing sent, and an error naming the file', async () => {
    const path = await write('header-only.csv', 'business_id,name\r\n');
    await expect(harness.importFile('businesses', path)).rejects.toThrow(
      `Could not import ${path}: there are no rows under the header, so nothing was imported. Check that the file is the one you meant, and that it was written whole.`,
    );
    expect(harness.writes).toEqual([]);
  });

  it('a workbook sheet with no rows (an About sheet): an error naming the sheet', async () => {
    const path = join(harness.dir, 'with-about.xlsx');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('businesses').addRows([['business_id', 'name'], [idOf(0), 'Fine']]);
    workbook.addWorksheet('About').addRow(['column', 'name']);
    await workbook.xlsx.writeFile(path);
    await expect(harness.importFile('businesses', path, { sheet: 'About' })).rejects.toThrow(/^Could not import .*with-about\.xlsx \(sheet About\): its header names columns the import does not read \(column: unknown column\)/);
    await expect(harness.importFile('businesses', path, { sheet: 'About', ignoreColumns: ['column'] })).rejects.toThrow(/^Could not import .*with-about\.xlsx \(sheet About\): there are no rows under the header/);
    expect(harness.writes).toEqual([]);
  });

  it('a 10 MB cell, and a cell longer than a spreadsheet cell', async () => {
    const path = await write('huge-cell.csv', ['business_id,name', `${idOf(0)},Fine`, `${idOf(1)},"${'x'.repeat(10 * 1024 ** 2)}"`, `${idOf(2)},${'y'.repeat(40_000)}`, `${idOf(3)},Fine too`].join('\n'));
    const outcome = await harness.importFile('businesses', path);
    expect(outcome.results.map((row) => [row._row, row._status])).toEqual([
      ['2', 'updated'],
      ['3', 'invalid'],
      ['4', 'invalid'],
      ['5', 'updated'],
    ]);
    expect(outcome.results[1]?._errors).toMatch(/^the record runs past 1,048,576 characters: a quoted cell is never closed, or a cell is far longer than the 32,767 characters a spreadsheet cell holds/);
    expect(outcome.results[2]?._errors).toBe('name: holds 40000 characters, more than the 32767 a spreadsheet cell holds');
  });

  it('20,000 columns: refused in a message of a few lines, or imported without those --ignore-columns names', async () => {
    const extra = Array.from({ length: 19_998 }, (_, index) => `extra_${index}`);
    const path = await write('wide.csv', [['business_id', 'name', ...extra].join(','), ...[4, 5].map((index) => [idOf(index), `Wide ${index}`, ...extra.map(() => 'x')].join(','))].join('\n'));
    const refused = await harness.importFile('businesses', path).then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : ''),
    );
    expect(refused).toMatch(/\(extra_0: unknown column \| .* \| extra_9: unknown column \| … and 19988 more\)\. Correct the header \(listing-bulk template writes one, with a note on each column\), read a column by the name the import knows with --rename-columns HEADER=column, or leave the columns out with --ignore-columns and their names/);
    expect(refused.length).toBeLessThan(1000);
    const outcome = await harness.importFile('businesses', path, { ignoreColumns: extra });
    expect(outcome.summary.rows).toMatchObject({ total: 2, updated: 2 });
    expect(outcome.summary.ignored_columns).toHaveLength(19_998);
  });

  it('binary data named .csv', async () => {
    // Noise, the same every run: random bytes start with a UTF-16 byte order mark once in 32,768 runs.
    const noise = createHash('shake256', { outputLength: 20_000 }).update('noise').digest();
    expect(await refusalOf(await write('random.csv', noise))).toMatch(/^it holds binary data, not text \(\d+ control bytes in its first 20000\)\. Check that it is the right file, saved as CSV\.$/);
    const workbook = join(harness.dir, 'workbook.xlsx');
    const writer = await openSheetWriter(workbook, { columns: [{ key: 'business_id' }] });
    await writer.close();
    const renamed = join(harness.dir, 'workbook.csv');
    await copyFile(workbook, renamed);
    expect(await refusalOf(renamed)).toBe('it is a zip archive (a workbook?), not CSV text. Give an .xlsx workbook its .xlsx name, or export the sheet as CSV.');
  });

  it('a truncated .xlsx', async () => {
    const path = join(harness.dir, 'truncated.xlsx');
    const writer = await openSheetWriter(path, { columns: [{ key: 'business_id' }, { key: 'name' }] });
    for (let index = 0; index < 500; index++) await writer.writeRow({ business_id: `b${index}`, name: `Name ${index}` });
    await writer.close();
    const { length } = await readFile(path);
    await truncate(path, Math.floor(length / 2));
    expect(await refusalOf(path)).toMatch(/^it is not a readable XLSX workbook: its zip directory is missing \(the file was cut short, or is no workbook\)\./);
  });

  it("Excel's owner file of an open workbook (~$stores.xlsx), named for the workbook to import instead", async () => {
    const path = join(harness.dir, '~$stores.xlsx');
    // As Excel writes it: the length and name of who opened the workbook, twice, padded to 165 bytes.
    await writeFile(path, Buffer.concat([Buffer.from('\x0dJeanne Dupont'), Buffer.alloc(151, 0x20)]));
    expect(await refusalOf(path)).toBe(
      `it is the small file Excel keeps beside a workbook while someone has it open, not a workbook. Import the workbook itself, ${join(harness.dir, 'stores.xlsx')}, saved and closed in Excel.`,
    );
  });

  it('a zip bomb .xlsx: refused from its zip directory, past 1 GiB unpacked', { timeout: 30_000 }, async () => {
    const path = join(harness.dir, 'bomb.xlsx');
    const zeros = Buffer.alloc(1024 ** 2);
    await writeZip(path, [
      { name: '[Content_Types].xml', content: [Buffer.from('<?xml version="1.0"?><Types/>')] },
      { name: 'xl/worksheets/sheet1.xml', content: Array.from({ length: 1100 }, () => zeros) },
    ]);
    expect((await readFile(path)).length).toBeLessThan(5 * 1024 ** 2);
    expect(await refusalOf(path)).toBe(
      'it would unpack to 1.1 GiB, more than the 1.0 GiB a workbook may (a zip bomb, or a sheet too large for XLSX). Split it into smaller workbooks, or save it as CSV, which is read as a stream.',
    );
  });

  it('macros: an .xlsm, and an .xlsx that holds a macro project', async () => {
    expect(await refusalOf(await write('macros.xlsm', 'PK'))).toBe('it is a macro-enabled workbook (.xlsm), and macros are not run nor kept. Save it as an Excel workbook (.xlsx) or as CSV: Excel, LibreOffice and Numbers open and save both.');
    const path = join(harness.dir, 'hidden-macros.xlsx');
    await writeZip(path, [
      { name: '[Content_Types].xml', content: [Buffer.from('<?xml version="1.0"?><Types/>')] },
      { name: 'xl/vbaProject.bin', content: [Buffer.from('Attribute VB_Name = "Module1"')] },
    ]);
    expect(await refusalOf(path)).toBe('it holds macros (xl/vbaProject.bin), which are not run nor kept. Save it as an Excel workbook (.xlsx) without macros.');
  });

  it('formula cells: the saved result is imported, a formula showing an error makes its row invalid', async () => {
    const path = await writeBusinessesSheet('formulas.xlsx', [
      ['business_id', 'name'],
      [idOf(6), { formula: 'CONCAT("By ","formula")', result: 'By formula' }],
      [idOf(7), { formula: '1/0', result: { error: '#DIV/0!' } }],
    ]);
    const outcome = await harness.importFile('businesses', path);
    expect(statuses(outcome)).toEqual([
      ['2', 'updated', ''],
      ['3', 'invalid', 'name: the formula has an error or no saved result; fix it, or open and save the file in Excel or LibreOffice'],
    ]);
    expect(businesses[6]?.name).toBe('By formula');
  });

  it('a CSV saved from a sheet whose formulas failed: the error each cell shows is refused, never sent', async () => {
    const path = await write('formula-errors.csv', `business_id,name,zipcode\n${idOf(20)},#N/A,06000\n${idOf(21)},Café #1,#VALEUR!\n${idOf(22)},Err:502,\n${idOf(23)},Plain name,\n`);
    const outcome = await harness.importFile('businesses', path);
    const refusal = (column: string, error: string): string => `${column}: shows the error ${error}, as a spreadsheet saves a formula that failed; fix the formula, or type the value`;
    expect(statuses(outcome)).toEqual([
      ['2', 'invalid', refusal('name', '#N/A')],
      ['3', 'invalid', refusal('zipcode', '#VALEUR!')],
      ['4', 'invalid', refusal('name', 'Err:502')],
      ['5', 'updated', ''],
    ]);
    expect(businesses.slice(20, 23).map((business) => business.name)).not.toContain('#N/A');
  });

  it("a workbook's error cell goes back to errors.xlsx as the error it shows, and is refused again there", async () => {
    const path = await writeBusinessesSheet('error-cells.xlsx', [
      ['business_id', 'name'],
      [idOf(24), { error: '#N/A' }],
    ]);
    const reportDir = join(harness.dir, 'error-cells-report');
    const first = await harness.importFile('businesses', path, { reportDir });
    expect(statuses(first)).toEqual([['2', 'invalid', 'name: the cell shows the error #N/A']]);
    const again = await harness.importFile('businesses', join(reportDir, 'errors.xlsx'));
    expect(statuses(again)).toEqual([['2', 'invalid', 'name: shows the error #N/A, as a spreadsheet saves a formula that failed; fix the formula, or type the value']]);
    expect(again.results[0]?.name).toBe('#N/A');
  });

  it('a number of 16 digits or more typed in a workbook: Excel kept only 15 of them', async () => {
    const path = await writeBusinessesSheet('long-numbers.xlsx', [
      ['business_id', 'national_identification_number'],
      [idOf(18), 59147412500012],
      [idOf(19), 1234567890123456],
    ]);
    const outcome = await harness.importFile('businesses', path);
    expect(statuses(outcome)).toEqual([
      ['2', 'updated', ''],
      ['3', 'invalid', "national_identification_number: a spreadsheet rounded this number to scientific notation and lost its digits; format the column as text and type it again, got '1.23457E+15'"],
    ]);
    expect(businesses[18]?.national_identification_number).toBe('59147412500012');
  });

  it('duplicate headers', async () => {
    expect(await refusalOf(await write('duplicates.csv', `business_id,name,Name\n${idOf(8)},A,B\n`))).toBe("column 'Name' appears twice (columns B and C). Rename or remove one.");
  });

  it('a byte order mark in the middle: files joined together', async () => {
    const path = await write('joined.csv', `\uFEFFbusiness_id,name\n${idOf(9)},First file\n\uFEFFbusiness_id,name\n${idOf(10)},Second file\n`);
    const outcome = await harness.importFile('businesses', path);
    expect(statuses(outcome)).toEqual([
      ['2', 'updated', ''],
      ['3', 'invalid', 'business_id: holds a byte order mark (U+FEFF), as when files are joined together; remove it, and a repeated header line with it'],
      ['4', 'updated', ''],
    ]);
  });

  it('NUL bytes in a cell', async () => {
    const path = await write('nul.csv', `business_id,name\n${idOf(11)},Before\0after\n${idOf(12)},Clean name\n`);
    const outcome = await harness.importFile('businesses', path);
    expect(statuses(outcome)).toEqual([
      ['2', 'invalid', 'name: holds a NUL character (U+0000), which no text should; remove it'],
      ['3', 'updated', ''],
    ]);
    expect(businesses[11]?.name).not.toContain('\0');
    // The row goes back to the errors file with its id, to be fixed there, and names its business; the cell no report can hold, empty.
    expect(outcome.errorsCsv.split('\n')[1]).toBe(`${idOf(11)},,2,invalid,"name: holds a NUL character (U+0000), which no text should; remove it",,${idOf(11)},`);
  });

  it('a byte Windows-1252 does not define, in a file of that code page', async () => {
    const rows = Buffer.from(`business_id,name\n${idOf(13)},Crêperie Hélène à Orléans\n${idOf(14)},Caf\u0081 Noir\n`, 'latin1');
    const outcome = await harness.importFile('businesses', await write('undefined-byte.csv', rows));
    expect(statuses(outcome)).toEqual([
      ['2', 'updated', ''],
      ['3', 'invalid', 'name: holds a byte Windows-1252 does not define, so the file is in another encoding; save it as CSV UTF-8 and import it again'],
    ]);
    expect(businesses[13]?.name).toBe('Crêperie Hélène à Orléans');
    expect(businesses[14]?.name).not.toContain('\uFFFD');
  });

  it('a UTF-8 file with a row in Windows-1252 pasted in', async () => {
    const utf8 = Buffer.from(`business_id,name\n${idOf(15)},Crêperie Hélène à Orléans\n${idOf(16)},Pâtisserie Noël\n`);
    const pasted = Buffer.from(`${idOf(17)},Caf\u00e9 Noir\n`, 'latin1');
    const outcome = await harness.importFile('businesses', await write('joined-encodings.csv', Buffer.concat([utf8, pasted])));
    expect(statuses(outcome)).toEqual([
      ['2', 'updated', ''],
      ['3', 'updated', ''],
      ['4', 'invalid', 'name: holds bytes that are not UTF-8, as where files in other encodings were joined; type its accented letters again and save the file as UTF-8'],
    ]);
    expect([businesses[15]?.name, businesses[16]?.name]).toEqual(['Crêperie Hélène à Orléans', 'Pâtisserie Noël']);
  });
});
