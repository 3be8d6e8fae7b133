import { join } from 'node:path';
import { Duplex, PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openSheetWriter } from '../../src/sheets/index.js';
import { holdEarlyZipEnd } from '../../src/sheets/xlsx/hold-early-zip-end.js';
import { repairUtf8Decoding } from '../../src/sheets/xlsx/repair-utf8-decoding.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

// Long enough for the sheet and shared strings parts to span many zip chunks.
const ROWS = 3_000;
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

  it('refuses an exceljs whose private parsers changed', () => {
    expect(() => {
      repairUtf8Decoding({});
    }).toThrow('exceljs has no _parseRels any more: check repairUtf8Decoding');
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
