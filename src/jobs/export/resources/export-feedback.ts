import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { FeedbackFilter } from '../../../api/endpoints/query-params.js';
import type { FeedbackResult } from '../../../api/schemas/feedback-results.js';
import type { Column } from '../../../resources/column.js';
import { detectSheetFormat, type SheetWriter } from '../../../sheets/index.js';
import type { ExportFilters } from '../export-filters.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { ExportRun, type PageSource } from '../run/export-run.js';
import { buildFeedbackColumns, COMMENT_SHEET_COLUMNS, FIELD_SHEET_COLUMNS, findAnswersLeftOut, flattenFeedback, noteFeedbackShape, type FeedbackShape } from './feedback-columns.js';
import { readAtPath } from '../../../resources/field-path.js';
import { writeExportRow } from '../file/format-export-row.js';
import { listFeedbackSources } from '../run/list-feedback-sources.js';
import { openExportFile } from '../file/open-export-file.js';

/**
 * `feedback`: one row per result, form answers flattened into a column per field label, and in
 * XLSX a "Fields" and a "Comments" sheet with every answer and comment. The header needs every
 * label and extra key, which any page may bring: all pages are read first (saved to `<out>.parts/`
 * as every export does), then the sheets are written from the saved pages, so memory stays flat.
 */
export async function exportFeedback(client: ApiClient, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  const run = await ExportRun.open(client, 'feedback', options, logger);
  const filter = toFeedbackFilter(options.filters);
  const sources = await listFeedbackSources(run, filter, options.orgId);
  const shape: FeedbackShape = { answers: new Map(), extraKeys: new Set() };
  const pages: { source: PageSource<FeedbackResult>; page: number }[] = [];
  for (const source of sources) {
    for await (const { page, items } of run.readPages(source)) {
      pages.push({ source, page });
      for (const result of items) noteFeedbackShape(shape, result);
    }
  }

  const columns = buildFeedbackColumns(shape);
  const file = await openExportFile(options, { name: 'feedback', columns });
  // Saved pages are as the service gave them: a result it listed twice is written once, as readPages delivered it.
  const eachResult = async (write: (result: FeedbackResult) => Promise<void>): Promise<void> => {
    const written = new Set<number>();
    for (const { source, page } of pages) {
      for (const result of await run.readSavedPage(source, page)) {
        if (written.has(result.id)) continue;
        written.add(result.id);
        await write(result);
      }
    }
  };
  // A value written as JSON text is told once, though an XLSX file may write it in two sheets.
  const warned = new Set<string>();
  const writeRow = async (sheet: SheetWriter, sheetColumns: readonly Column[], result: FeedbackResult, readValue: (column: Column) => unknown): Promise<void> => {
    await writeExportRow(sheet, sheetColumns, readValue, file.context, result, (message) => {
      const told = `${result.id} ${message}`;
      if (warned.has(told)) return;
      warned.add(told);
      run.warn(`feedback result ${result.id}`, message);
    });
  };
  const writeNested = (sheet: SheetWriter, sheetColumns: readonly Column[], list: (result: FeedbackResult) => unknown) =>
    eachResult(async (result) => {
      for (const row of rowsOf(list(result))) await writeRow(sheet, sheetColumns, result, (column) => (column.header === 'result_id' ? result.id : readPath(row, column)));
    });
  // A file without a Fields sheet (CSV) has no place for an answer whose list, item or label did not read, nor for one without a label or answering a label again: each is told as left out.
  const fieldsSheet = detectSheetFormat(options.out, 'write') === 'xlsx';
  await run.writeFile(file, async () => {
    await eachResult(async (result) => {
      const flat = flattenFeedback(result);
      await writeRow(file.rows, columns, result, (column) => (flat.has(column.header) ? flat.get(column.header) : readPath(result, column)));
      if (!fieldsSheet) for (const problem of findAnswersLeftOut(result)) run.warn(`feedback result ${result.id}`, `${problem}: left out, as only an XLSX file's Fields sheet has a place for it`);
      run.rows++;
    });
    const fields = file.startSheet({ name: 'Fields', columns: FIELD_SHEET_COLUMNS });
    if (fields !== undefined) await writeNested(fields, FIELD_SHEET_COLUMNS, (result) => result.feedback_result_fields);
    const comments = file.startSheet({ name: 'Comments', columns: COMMENT_SHEET_COLUMNS });
    if (comments !== undefined) await writeNested(comments, COMMENT_SHEET_COLUMNS, (result) => result.comments);
  });
  return run.finish('feedback');
}

/** The rows of a nested list; one that is no list is one row, each cell the JSON text the service sent. */
function rowsOf(list: unknown): readonly unknown[] {
  return Array.isArray(list) ? list : list === undefined ? [] : [list];
}

function readPath(record: unknown, column: Column): unknown {
  return column.path === undefined ? undefined : readAtPath(record, column.path);
}

/** The feedback flags, as the endpoint's filter (whose query names are in FEEDBACK_FILTER_PARAMS). */
function toFeedbackFilter(filters: ExportFilters): FeedbackFilter {
  return {
    businessIds: filters.business,
    excludeBusinessIds: filters['exclude-business'],
    states: filters.state,
    createdFrom: filters.since,
    createdTo: filters.until,
    npsIn: filters.nps,
    npsMin: filters['nps-min'],
    npsMax: filters['nps-max'],
    text: filters.text,
    optin: filters.optin,
    formIds: filters.form,
  };
}
