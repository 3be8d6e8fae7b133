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

describe('a totals row typed under the rows', () => {
  async function writeSheet(rows: ExcelJS.CellValue[][]): Promise<string> {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('stores').addRows([['code', 'name', 'seats'], ...rows]);
    const path = join(await makeTempDir(), 'stores.xlsx');
    await workbook.xlsx.writeFile(path);
    return path;
  }

  it('is skipped with a warning when it sums or counts the rows above it, saved result or not', async () => {
    const path = await writeSheet([
      ['S1', 'Le Bistrot', 20],
      ['S2', { formula: 'UPPER("la forge")', result: 'LA FORGE' }, 30],
      [],
      ['Total', { formula: 'COUNTA(B2:B3)', result: 2 }, { formula: 'SUM(C2:C3)' }],
    ]);
    const { reader, items } = await readItems(path);
    expect(valuesOf(items)).toEqual([
      { code: 'S1', name: 'Le Bistrot', seats: '20' },
      { code: 'S2', name: 'LA FORGE', seats: '30' },
    ]);
    expect(reader.warnings).toEqual(['Skipped row 5 below the table, a totals row (=COUNTA(B2:B3), =SUM(C2:C3) of the rows above it): no data.']);
  });

  it("is told from a formula of the row's own cells, and from a running total", async () => {
    const ownCells = await readItems(await writeSheet([['S1', 'Le Bistrot', 20], ['S2', 'La Forge', { formula: 'SUM(D3:F3)', result: 12 }]]));
    expect(ownCells.items.map((item) => item.line)).toEqual([2, 3]);
    const running = [2, 3, 4].map((line) => ['S', 'x', { formula: `SUM(C$2:C${line})`, result: line }]);
    const totalled = await readItems(await writeSheet([...running, ['Total', { formula: 'COUNTA(B:B)', result: 3 }]]));
    expect(totalled.items.map((item) => item.line)).toEqual([2, 3, 4]);
  });

  it('is read as a row under rows that hold such formulas too: a column computed row by row, subtotals', async () => {
    const computed = [2, 3, 4].map((line) => ['S', 'x', { formula: `SUM(C2:C${line - 1})`, result: line }]);
    const { items, reader } = await readItems(await writeSheet(computed));
    expect(items.map((item) => item.line)).toEqual([2, 3, 4]);
    expect(reader.warnings).toEqual([]);
  });

  it('is read as a row when rows follow it', async () => {
    const { reader, items } = await readItems(await writeSheet([['Subtotal', { formula: 'COUNTA(B2:B2)', result: 0 }], ['S1', 'Le Bistrot', 20]]));
    expect(items.map((item) => item.line)).toEqual([2, 3]);
    expect(reader.warnings).toEqual([]);
  });
});
