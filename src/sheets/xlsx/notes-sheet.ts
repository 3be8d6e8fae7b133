import type { CellValue } from '../sheet-reader.js';
import type { SheetColumn } from '../sheet-writer.js';
import { SheetError } from '../sheet-error.js';

/** The sheet an export's workbook ends with: a row per column of its sheets, what it holds and whether an import reads it. */
export const NOTES_SHEET: { name: string; columns: readonly SheetColumn[] } = {
  name: 'About',
  columns: [{ key: 'sheet' }, { key: 'column' }, { key: 'read_only', header: 'read_only (ignored on import)' }, { key: 'description' }],
};

const NOTES_HEADER = NOTES_SHEET.columns.map((column) => column.header ?? column.key);

/**
 * Refuses the notes sheet, known by its first row: read as a table, a row of it below (a sheet
 * name, `business_id`) would pass for a header, and its notes for rows. `findDataSheet`: the sheet
 * read without --sheet, named to the user.
 */
export function refuseNotesSheet(firstRow: readonly (CellValue | object)[], path: string, sheet: string, findDataSheet: () => string | undefined): void {
  const cells = firstRow.map((cell) => (typeof cell === 'string' ? cell.trim() : undefined));
  if (cells.length !== NOTES_HEADER.length || cells.some((cell, index) => cell !== NOTES_HEADER[index])) return;
  const data = findDataSheet();
  const use = data === undefined || data === sheet ? 'Read the sheet of rows the export wrote beside it' : `Read its sheet '${data}' instead: name it with --sheet (a job step: sheet:), or leave --sheet out`;
  throw new SheetError(`read ${path}`, `its sheet '${sheet}' holds an export's notes on its columns, not rows`, `${use}.`);
}
