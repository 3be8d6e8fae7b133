import type ExcelJS from 'exceljs';
import type { CellContext } from '../../resources/cells/cell-context.js';
import type { Column } from '../../resources/column.js';
import { formatExampleRow } from '../../resources/cells/format-example-row.js';
import { CLEAR_MARK } from '../../resources/cells/read-cell.js';
import { SPREADSHEET_GRAMMAR } from '../../resources/cells/spreadsheet-grammar.js';
import { escapeFormula } from '../../sheets/index.js';
import { writeOutputFile } from '../../sheets/file/write-output-file.js';
import { loadExceljs } from '../../sheets/xlsx/load-exceljs.js';

const LISTS_SHEET = 'Lists';
// Dropdowns cover the rows people fill by hand: exceljs reads a validated range cell by cell, so a
// whole-column range would take other exceljs users seconds and hundreds of MB to open.
const LAST_DROPDOWN_ROW = 10_001;
const MIN_WIDTH = 10;
const MAX_WIDTH = 40;

// exceljs keeps worksheet-wide validations (ranges, not cells) in this model; its types leave it out.
interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/**
 * A template workbook: the resource's sheet (header with a note per column, example row, dropdowns
 * for columns with choices), an About sheet with the grammar and every column, and a hidden sheet
 * holding the dropdown lists (a list written inline may not exceed 255 characters). Written in
 * memory: it is small, and the streaming writer of src/sheets takes neither notes nor validations.
 */
export async function writeXlsxTemplate(path: string, sheet: string, columns: readonly Column[], context: CellContext): Promise<void> {
  const workbook = new (await loadExceljs()).Workbook();
  const data = workbook.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const about = workbook.addWorksheet('About');
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });

  data.columns = columns.map((column) => ({
    width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, column.header.length + 2)),
    ...(column.text ? { style: { numFmt: '@' } } : {}),
  }));
  const header = data.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  columns.forEach((column, index) => {
    header.getCell(index + 1).note = `${column.description}.\n${column.grammar}`;
  });
  const example = formatExampleRow(columns, context);
  data.addRow(columns.map((column) => escapeFormula(example[column.header] ?? '', 'xlsx')));
  addDropdowns(data, lists, columns);

  about.columns = [{ width: 32 }, { width: 60 }, { width: 80 }];
  for (const rule of SPREADSHEET_GRAMMAR) about.addRow([rule]);
  about.addRow([]);
  about.addRow(['column', 'description', 'what to write']).font = { bold: true };
  for (const column of columns) about.addRow([column.header, column.description, column.grammar]);

  await writeOutputFile(path, new Uint8Array(await workbook.xlsx.writeBuffer()));
}

function addDropdowns(data: ExcelJS.Worksheet, lists: ExcelJS.Worksheet, columns: readonly Column[]): void {
  let listIndex = 0;
  columns.forEach((column, index) => {
    if (column.choices === undefined) return;
    listIndex += 1;
    const values = column.cleared === undefined ? column.choices : [...column.choices, CLEAR_MARK];
    const list = lists.getColumn(listIndex);
    values.forEach((value, row) => {
      lists.getCell(row + 1, listIndex).value = value;
    });
    const letter = data.getColumn(index + 1).letter;
    (data as unknown as RangeValidations).dataValidations.add(`${letter}2:${letter}${LAST_DROPDOWN_ROW}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`${LISTS_SHEET}!$${list.letter}$1:$${list.letter}$${values.length}`],
      // A warning, not a refusal: the import also reads other spellings (yes, Oui, fr).
      errorStyle: 'warning',
      showErrorMessage: true,
      error: `Expected ${column.grammar}`,
    });
  });
}
