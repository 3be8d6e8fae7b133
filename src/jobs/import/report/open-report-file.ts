import { openXlsxWriter, type SheetColumn, type SheetRecord, type XlsxSheetOptions } from '../../../sheets/index.js';
import { openReportSheet, type ReportDialect } from './report-dialect.js';
import { SUMMARY_COLUMNS, SUMMARY_SHEET } from './report-summary.js';

/** `results` or `errors`: the rows as they come; a workbook also gets a Summary sheet, written last and listed first. */
export interface ReportFile {
  writeRow(record: SheetRecord): Promise<void>;
  /** Writes the Summary sheet (a workbook; a CSV file has no room for it) and completes the file. */
  close(summary: readonly SheetRecord[]): Promise<void>;
  discard(): Promise<void>;
}

export interface ReportFileOptions extends XlsxSheetOptions {
  /** The rows sheet's name: the resource, which an import of the file reads without --sheet. */
  sheet: string;
  columns: readonly SheetColumn[];
}

export async function openReportFile(path: string, dialect: ReportDialect, options: ReportFileOptions): Promise<ReportFile> {
  if (dialect.format === 'csv') {
    const writer = await openReportSheet(path, dialect, options);
    return { writeRow: (record) => writer.writeRow(record), close: () => writer.close(), discard: () => writer.discard() };
  }
  const workbook = await openXlsxWriter(path);
  const { sheet, columns, ...layout } = options;
  const rows = workbook.addSheet(sheet, columns, { ...layout, continueWhenFull: true });
  return {
    writeRow: (record) => rows.writeRow(record),
    async close(summary) {
      const summarySheet = workbook.addSheet(SUMMARY_SHEET, SUMMARY_COLUMNS, { first: true });
      for (const record of summary) await summarySheet.writeRow(record);
      await workbook.close();
    },
    discard: () => workbook.discard(),
  };
}
