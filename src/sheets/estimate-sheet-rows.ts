import { countXlsxRows } from './xlsx/count-xlsx-rows.js';
import { detectCsvLayout } from './csv/detect-csv-layout.js';
import { detectSheetFormat } from './detect-sheet-format.js';
import type { SourceFile } from './file/source-file.js';

/**
 * A cheap count of a sheet's data rows, for planning (shards, time left), not for reading: a CSV's
 * lines from the scan its reader makes anyway (a break inside a quoted cell counts too), the rows
 * of the sheet a workbook's import reads (`wanted`: its --sheet and resource), from the sheet's
 * XML without exceljs.
 */
export async function estimateSheetRows(file: SourceFile, wanted: { sheet?: string; resource?: string } = {}): Promise<number> {
  if (detectSheetFormat(file.path, 'read') === 'xlsx') return countXlsxRows(file, wanted);
  const { lines, head, encoding } = await file.scanText();
  // The header, and Excel's `sep=;` line above it.
  return Math.max(0, lines - 1 - (detectCsvLayout(head, encoding).sepLine ? 1 : 0));
}
