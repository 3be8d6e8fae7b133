import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSheetReader, openSheetWriter } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';
import { writeZip } from './write-zip.js';

const LIMIT = 1024 ** 2;
const LOCAL_ENTRY = 0x04034b50;
const DIRECTORY_ENTRY = 0x02014b50;
const DIRECTORY_END = 0x06054b50;

/** A workbook whose sheet unpacks to several MiB of repeated text, a few KiB packed. */
async function writeLargeWorkbook(rows: number): Promise<string> {
  const path = join(await makeTempDir(), 'book.xlsx');
  const writer = await openSheetWriter(path, { columns: [{ key: 'business_id' }, { key: 'name' }] });
  for (let row = 0; row < rows; row++) await writer.writeRow({ business_id: String(row), name: 'x'.repeat(200) });
  await writer.close();
  return path;
}

/** Makes every entry declare `size` unpacked bytes, in its local header and in the zip directory, as a zip bomb does. */
async function declareSizes(path: string, size: number): Promise<void> {
  const zip = await readFile(path);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(zip.readUInt32LE(end)).toBe(DIRECTORY_END);
  let at = zip.readUInt32LE(end + 16);
  for (let entry = 0; entry < zip.readUInt16LE(end + 10); entry++) {
    expect(zip.readUInt32LE(at)).toBe(DIRECTORY_ENTRY);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(LOCAL_ENTRY);
    zip.writeUInt32LE(size, at + 24);
    if (zip.readUInt32LE(local + 22) !== 0) zip.writeUInt32LE(size, local + 22);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  await writeFile(path, zip);
}

/** As Excel orders a workbook: its parts first, so that the sheet is read row by row as it inflates. */
async function writeStreamedWorkbook(rows: number): Promise<string> {
  const path = join(await makeTempDir(), 'excel.xlsx');
  const xml = (text: string) => [Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${text}`)];
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relations = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const type = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const row = (line: number) => Buffer.from(`<row r="${line}"><c r="A${line}" t="inlineStr"><is><t>${line === 1 ? 'name' : 'x'.repeat(200)}</t></is></c></row>`);
  await writeZip(path, [
    { name: '[Content_Types].xml', content: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: 'xl/_rels/workbook.xml.rels', content: xml(`<Relationships xmlns="${relations}"><Relationship Id="rId1" Type="${type}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', content: xml(`<workbook xmlns="${main}" xmlns:r="${type}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/sharedStrings.xml', content: xml(`<sst xmlns="${main}" count="0" uniqueCount="0"/>`) },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: [...xml(`<worksheet xmlns="${main}"><sheetData>`), ...Array.from({ length: rows + 1 }, (_, index) => row(index + 1)), Buffer.from('</sheetData></worksheet>')],
    },
  ]);
  return path;
}

const refusal = (path: string, unpacked: string) =>
  `Could not read ${path}: ${unpacked} a workbook may (a zip bomb, or a sheet too large for XLSX). Split it into smaller workbooks, or save it as CSV, which is read as a stream.`;

describe('a workbook that unpacks to more than the limit', () => {
  it('is refused from the sizes its zip directory declares', async () => {
    const path = await writeLargeWorkbook(20_000);
    await expect(openSheetReader(path, { maxUnpackedBytes: LIMIT })).rejects.toThrow(/: it would unpack to \d+\.\d MiB, more than the 1\.0 MiB a workbook may/);
  });

  it('is refused from the bytes really inflated when its declared sizes lie', async () => {
    const path = await writeLargeWorkbook(20_000);
    await declareSizes(path, 100);
    expect((await readFile(path)).length).toBeLessThan(LIMIT / 4);
    await expect(openSheetReader(path, { maxUnpackedBytes: LIMIT })).rejects.toThrow(refusal(path, 'it unpacks to more than the 1.0 MiB'));
  });

  it('is refused while its rows are read, when the sheet streams after the workbook part', async () => {
    const path = await writeStreamedWorkbook(20_000);
    await declareSizes(path, 100);
    await expect(readItems(path, { maxUnpackedBytes: LIMIT })).rejects.toThrow(refusal(path, 'it unpacks to more than the 1.0 MiB'));
  });

  it('is read when it stays under the limit, however small its declared sizes', async () => {
    for (const path of [await writeLargeWorkbook(100), await writeStreamedWorkbook(100)]) {
      await declareSizes(path, 100);
      const { items } = await readItems(path, { maxUnpackedBytes: LIMIT });
      expect(items).toHaveLength(100);
    }
  });
});
