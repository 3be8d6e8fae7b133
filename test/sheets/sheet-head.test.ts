import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openSheetHead, type SheetItem } from '../../src/sheets/index.js';
import { makeTempDir } from './make-temp-dir.js';

const HEADER = ['code', 'Name', 'custom_fields.seats', '_status'];
const ROW = ['S1', 'Bakery', '12', 'failed'];

async function writeSheet(format: 'csv' | 'xlsx'): Promise<string> {
  const path = join(await makeTempDir(), `stores.${format}`);
  if (format === 'csv') {
    await writeFile(path, `${HEADER.join(',')}\n${ROW.join(',')}\n`);
    return path;
  }
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('stores').addRows([HEADER, ROW]);
  await workbook.xlsx.writeFile(path);
  return path;
}

describe.each(['csv', 'xlsx'] as const)('a %s sheet opened to its header', (format) => {
  it('names its columns, then reads its rows with the columns chosen from them', async () => {
    const head = await openSheetHead(await writeSheet(format), { sha256: true });
    expect(head.columns).toEqual(['code', 'Name', 'custom_fields.seats']);
    expect(head.sha256).toMatch(/^[0-9a-f]{64}$/);
    const reader = head.read({ knownColumns: ['code', 'name'] });
    expect(reader.columns).toEqual(['code', 'name']);
    expect(reader.unknownColumns).toEqual(['custom_fields.seats']);
    const items: SheetItem[] = [];
    for await (const item of reader) items.push(item);
    expect(items).toEqual([{ kind: 'row', line: 2, values: { code: 'S1', name: 'Bakery' } }]);
  });

  it('gives its rows once', async () => {
    const head = await openSheetHead(await writeSheet(format));
    head.read({});
    expect(() => head.read({})).toThrow('a sheet head gives its rows once');
    await head.close();
  });
});
