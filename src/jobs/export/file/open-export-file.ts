import { readCellContext, type CellContext } from '../../../resources/cells/cell-context.js';
import type { Column } from '../../../resources/column.js';
import { toSheetColumns } from '../../../resources/to-sheet-columns.js';
import { DEFAULT_CSV_DIALECT, detectSheetFormat, nameCsvDialect, NOTES_SHEET, openSheetWriter, openXlsxWriter, type SheetWriter } from '../../../sheets/index.js';
import type { ExportOptions } from '../export-options.js';

export interface ExportSheet {
  name: string;
  columns: readonly Column[];
}

export interface ExportFile {
  /** The first sheet: the one an import reads. */
  readonly rows: SheetWriter;
  /** How cells are formatted for this file: a decimal comma in a `;` CSV file. */
  readonly context: CellContext;
  /** XLSX: starts another sheet, ending the previous one; a CSV file holds one sheet only, so undefined. */
  startSheet(sheet: ExportSheet): SheetWriter | undefined;
  /** XLSX: adds the About sheet (every column, read-only or not, and what it holds), then finishes the file. */
  close(): Promise<void>;
  /** Stops writing and removes what was written: the path keeps what it held. */
  discard(): Promise<void>;
}

/** A CSV file of the first sheet in the dialect asked (excel by default), or a streamed workbook of every sheet plus an About sheet. */
export async function openExportFile({ out, csvDialect = DEFAULT_CSV_DIALECT }: Pick<ExportOptions, 'out' | 'csvDialect'>, first: ExportSheet): Promise<ExportFile> {
  if (detectSheetFormat(out, 'write') === 'csv') {
    const csv = nameCsvDialect(csvDialect, out);
    const rows = await openSheetWriter(out, { columns: toSheetColumns(first.columns), ...csv });
    return { rows, context: readCellContext({ format: 'csv', ...csv.dialect }), startSheet: () => undefined, close: () => rows.close(), discard: () => rows.discard() };
  }
  const workbook = await openXlsxWriter(out);
  const sheets = [first];
  return {
    rows: workbook.addSheet(first.name, toSheetColumns(first.columns)),
    context: readCellContext({ format: 'xlsx' }),
    startSheet(sheet) {
      sheets.push(sheet);
      return workbook.addSheet(sheet.name, toSheetColumns(sheet.columns));
    },
    async close() {
      const about = workbook.addSheet(NOTES_SHEET.name, NOTES_SHEET.columns);
      for (const sheet of sheets) {
        for (const column of sheet.columns) {
          await about.writeRow({ sheet: sheet.name, column: column.header, read_only: column.readOnly ? 'yes' : 'no', description: column.description });
        }
      }
      await workbook.close();
    },
    discard: () => workbook.discard(),
  };
}
