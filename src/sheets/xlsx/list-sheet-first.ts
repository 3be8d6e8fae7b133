import type ExcelJS from 'exceljs';

/** The private list exceljs's streaming writer keeps its sheets in: workbook.xml lists them in its order. */
interface SheetList {
  _worksheets: (ExcelJS.Worksheet | undefined)[];
}

/**
 * Lists a sheet first in the workbook, so that it opens first, though it was added last: a streamed
 * sheet is zipped in the order sheets are added, and one added first but written last would hold
 * every row of the sheets after it in memory. Each sheet keeps its id and file; call it once every
 * sheet is added, before the commit writes workbook.xml.
 */
export function listSheetFirst(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet): void {
  const list = workbook as unknown as SheetList;
  list._worksheets = [sheet, ...list._worksheets.filter((other) => other !== undefined && other !== sheet)];
}
