import type { Column } from '../../resources/column.js';
import { toSheetColumns } from '../../resources/to-sheet-columns.js';
import { detectSheetFormat, openSheetWriter, openXlsxWriter, type SheetWriter } from '../../sheets/index.js';

export interface ExportSheet {
  name: string;
  columns: readonly Column[];
}

export interface ExportFile {
  /** The first sheet: the one an import reads. */
  readonly rows: SheetWriter;
  /** XLSX: starts another sheet, ending the previous one; a CSV file holds one sheet only, so undefined. */
  startSheet(sheet: ExportSheet): SheetWriter | undefined;
  /** XLSX: adds the About sheet (every column, read-only or not, and what it holds), then finishes the file. */
  close(): Promise<void>;
}

const ABOUT_SHEET = 'About';
const ABOUT_COLUMNS = [
  { key: 'sheet' },
  { key: 'column', width: 32 },
  { key: 'read_only', header: 'read_only (ignored on import)', width: 10 },
  { key: 'description', width: 80 },
];

/** A CSV file of the first sheet, or a streamed workbook of every sheet plus an About sheet. */
export async function openExportFile(out: string, first: ExportSheet): Promise<ExportFile> {
  if (detectSheetFormat(out, 'write') === 'csv') {
    const rows = await openSheetWriter(out, { columns: toSheetColumns(first.columns) });
    return { rows, startSheet: () => undefined, close: () => rows.close() };
  }
  const workbook = await openXlsxWriter(out);
  const sheets = [first];
  return {
    rows: workbook.addSheet(first.name, toSheetColumns(first.columns)),
    startSheet(sheet) {
      sheets.push(sheet);
      return workbook.addSheet(sheet.name, toSheetColumns(sheet.columns));
    },
    async close() {
      const about = workbook.addSheet(ABOUT_SHEET, ABOUT_COLUMNS);
      for (const sheet of sheets) {
        for (const column of sheet.columns) {
          await about.writeRow({ sheet: sheet.name, column: column.header, read_only: column.readOnly ? 'yes' : 'no', description: column.description });
        }
      }
      await workbook.close();
    },
  };
}
