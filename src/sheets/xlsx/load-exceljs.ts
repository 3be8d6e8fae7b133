import type ExcelJS from 'exceljs';

/** exceljs and the zip libraries under it take about half a second to load: only a command that reads or writes a workbook loads them. */
export async function loadExceljs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
