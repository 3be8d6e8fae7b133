import { isCodePage, mapSheetItems, MAX_CELL_CHARS, nameCodePage, type CellValue, type SheetReader, type SheetSource } from '../../../sheets/index.js';
import { isUserColumn } from '../report/report-columns.js';

/**
 * What a cell whose formula failed shows, and a spreadsheet saves as text in a CSV: Excel's, in
 * English and as French, German, Spanish, Italian, Dutch and Portuguese Excel show them, Google
 * Sheets' `#ERROR!`; LibreOffice's `Err:502` below.
 */
const FORMULA_ERRORS = new Set([
  '#N/A', '#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#SPILL!', '#CALC!', '#FIELD!', '#BLOCKED!', '#CONNECT!', '#BUSY!', '#UNKNOWN!', '#GETTING_DATA', '#ERROR!',
  '#NUL!', '#VALEUR!', '#NOM?', '#NOMBRE!', '#PROPAGATION!',
  '#NV', '#WERT!', '#BEZUG!', '#ZAHL!', '#ÜBERLAUF!',
  '#N/D', '#¡VALOR!', '#¡REF!', '#¡DIV/0!', '#¿NOMBRE?', '#¡NUM!', '#¡NULO!', '#¡DESBORDAMIENTO!',
  '#VALORE!', '#RIF!', '#NOME?', '#NULLO!', '#ESPANSIONE!',
  '#N/B', '#WAARDE!', '#VERW!', '#DEEL/0!', '#NAAM?', '#GETAL!', '#LEEG!', '#OVERLOOP!',
  '#VALOR!', '#NÚM!', '#NULO!',
]);
const LIBREOFFICE_ERROR = /^Err:\d{3}$/;

/**
 * The reader, with rows holding a cell no value sent to the API should hold turned into issues
 * that name the column: a NUL character, a byte order mark in the middle of the file (files
 * joined together), a text past Excel's limit (from a broken file, or one made to hurt), a byte the file's code page does not define, a
 * formula's error as a spreadsheet saves it (`#N/A`: never a value to send); a user's own `_` column is never sent, nor checked. The
 * sheets layer itself reads any string back as written; refusing these is the import's choice.
 */
export function checkCells(reader: SheetReader): SheetReader {
  const undefinedByte = describeUndefinedByte(reader.source);
  return mapSheetItems(reader, (item) => {
    if (item.kind !== 'row') return item;
    const problems = findCellProblems(item.values, undefinedByte);
    if (problems.length === 0) return item;
    // The cells go back to the report as they were, to be fixed there; but for those no report could hold.
    const values = { ...item.values };
    for (const { column, unwritable } of problems) if (unwritable) values[column] = '';
    return { kind: 'issue', line: item.line, errors: problems.map(({ column, problem }) => `${column}: ${problem}`), values, faulty: problems.map(({ column }) => column) };
  });
}

/** What U+FFFD stands for in a file decoded with bytes it does not define; undefined where a cell may hold it as text. */
function describeUndefinedByte(source: SheetSource): string | undefined {
  if (source.format !== 'csv') return undefined;
  if (isCodePage(source.encoding)) return `a byte ${nameCodePage(source.encoding)} does not define, so the file is in another encoding; save it as CSV UTF-8 and import it again`;
  return source.strayBytes === true ? 'bytes that are not UTF-8, as where files in other encodings were joined; type its accented letters again and save the file as UTF-8' : undefined;
}

interface CellProblem {
  column: string;
  problem: string;
  /** Past a workbook cell's length, or a character XML may not hold. */
  unwritable: boolean;
}

function findCellProblems(values: Readonly<Record<string, CellValue>>, undefinedByte: string | undefined): CellProblem[] {
  const problems: CellProblem[] = [];
  // for…in, not Object.entries: no pair allocated per cell, on every cell of every row.
  for (const column in values) {
    const value = values[column];
    if (typeof value !== 'string' || isUserColumn(column)) continue;
    const problem = describeCellProblem(value, undefinedByte);
    if (problem !== undefined) problems.push({ column, problem, unwritable: value.length > MAX_CELL_CHARS || value.includes('\0') });
  }
  return problems;
}

/** A sign of any of the problems below: one scan of each cell, on every cell of every row, finds most cells clean. */
const SUSPECT = /[\0\uFEFF\uFFFD#]|Err:/;

function describeCellProblem(value: string, undefinedByte: string | undefined): string | undefined {
  if (value.length > MAX_CELL_CHARS) return `holds ${value.length} characters, more than the ${MAX_CELL_CHARS} a spreadsheet cell holds`;
  if (!SUSPECT.test(value)) return undefined;
  if (value.includes('\0')) return 'holds a NUL character (U+0000), which no text should; remove it';
  if (value.includes('\uFEFF')) return 'holds a byte order mark (U+FEFF), as when files are joined together; remove it, and a repeated header line with it';
  if (undefinedByte !== undefined && value.includes('\uFFFD')) return `holds ${undefinedByte}`;
  const trimmed = value.trim();
  if (FORMULA_ERRORS.has(trimmed) || LIBREOFFICE_ERROR.test(trimmed)) return `shows the error ${trimmed}, as a spreadsheet saves a formula that failed; fix the formula, or type the value`;
  return undefined;
}
