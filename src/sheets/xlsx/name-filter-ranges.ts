import type ExcelJS from 'exceljs';

interface DefinedName {
  name: string;
  ranges: string[];
  localSheetId?: number;
}

/** The private lists exceljs's streaming writer renders workbook.xml from: its sheets in order, and its defined names. */
interface WorkbookParts {
  _worksheets: (ExcelJS.Worksheet | undefined)[];
  _definedNames: { readonly model: DefinedName[] };
}

/**
 * Names each sheet's filter range `_xlnm._FilterDatabase`, as Excel does: LibreOffice shows a sheet's
 * filter only where that name gives its range, and exceljs's streaming writer writes none. Call it once
 * every sheet is committed and listed in its order, before the commit writes workbook.xml.
 */
export function nameFilterRanges(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const parts = workbook as unknown as WorkbookParts;
  // The sheet's place among those listed, as workbook.xml numbers them.
  const filters = parts._worksheets.filter((sheet) => sheet !== undefined).flatMap((sheet, localSheetId) => {
    const ref = sheet.autoFilter;
    if (typeof ref !== 'string') return [];
    const absolute = ref.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
    return [{ name: '_xlnm._FilterDatabase', ranges: [`'${sheet.name.replaceAll("'", "''")}'!${absolute}`], localSheetId }];
  });
  const { model } = parts._definedNames;
  parts._definedNames = { model: [...model, ...filters] };
}
