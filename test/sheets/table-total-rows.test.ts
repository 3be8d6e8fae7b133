import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './make-temp-dir.js';
import { readItems } from './read-items.js';

const ROWS = [
  ['S1', 'Le Bistrot'],
  ['S2', 'La Forge'],
];

interface Table {
  sheet: string;
  totalsRow: boolean;
  rows?: string[][];
}

/** Sheets formatted as Excel tables (Insert › Table), with or without their Total Row, as Excel and LibreOffice keep them. */
async function writeTables(tables: Table[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  for (const { sheet, totalsRow, rows = ROWS } of tables) {
    workbook.addWorksheet(sheet).addTable({
      name: `${sheet}_table`,
      ref: 'A1',
      totalsRow,
      columns: [
        { name: 'code', totalsRowLabel: 'Total' },
        { name: 'name', totalsRowFunction: 'count' },
      ],
      rows,
    });
  }
  const path = join(await makeTempDir(), 'stores.xlsx');
  await workbook.xlsx.writeFile(path);
  return path;
}

const valuesOf = (items: Awaited<ReturnType<typeof readItems>>['items']): unknown[] => items.map((item) => (item.kind === 'row' ? item.values : item));

describe("an Excel table's total row", () => {
  it('is skipped with a warning: its label and count are no row', async () => {
    const { reader, items } = await readItems(await writeTables([{ sheet: 'stores', totalsRow: true }]));
    expect(valuesOf(items)).toEqual([
      { code: 'S1', name: 'Le Bistrot' },
      { code: 'S2', name: 'La Forge' },
    ]);
    expect(reader.warnings).toEqual(["Skipped row 4, the total row of table 'stores_table' (Excel's Table Design › Total Row): its label and sums are no data."]);
  });

  it("is looked for in the sheet read only: another sheet's table says nothing of its rows", async () => {
    const rows = [...ROWS, ['S3', 'Le Moulin']];
    const path = await writeTables([
      { sheet: 'summary', totalsRow: true },
      { sheet: 'stores', totalsRow: false, rows },
    ]);
    const { reader, items } = await readItems(path, { sheet: 'stores' });
    expect(items).toHaveLength(3);
    expect(reader.warnings).toEqual([]);
  });
});
